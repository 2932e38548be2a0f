// Added by `unscramble serve` to the HTML pages it serves: reloads the page
// after every render, shows a failed render's errors in a banner at the top
// (in the page's flow, so it hides nothing), and links the gallery to /new.
// The form at /new is not reloaded: that would lose what is typed.
(function () {
  "use strict";
  var banner = null;
  var isForm = !!document.querySelector('meta[name="unscramble-token"]');
  function show(status) {
    if (banner) {
      banner.remove();
      banner = null;
    }
    if (status.ok) {
      return;
    }
    var lines = (status.failed || []).map(function (f) {
      return f.puzzle + ": " + f.error;
    });
    if (status.error) {
      lines.push(status.error);
    }
    banner = document.createElement("pre");
    banner.id = "unscramble-errors";
    banner.setAttribute("role", "alert");
    banner.style.cssText =
      "margin:0 0 1em;padding:0.6em 1em;background:#b00020;color:#fff;" +
      "font:13px/1.4 monospace;white-space:pre-wrap;max-height:50vh;overflow:auto";
    banner.textContent =
      "unscramble serve: the last render failed (the images are the last good ones)\n" +
      lines.join("\n");
    document.body.insertBefore(banner, document.body.firstChild);
  }
  var path = location.pathname;
  if (path === "/" || path === "/index.html") {
    var link = document.createElement("p");
    link.id = "unscramble-new";
    var a = document.createElement("a");
    a.href = "/new";
    a.textContent = "Add a puzzle";
    link.appendChild(a);
    link.appendChild(document.createTextNode(" (unscramble serve: type its tiles, see it solved)"));
    var title = document.querySelector("h1");
    if (title) {
      title.insertAdjacentElement("afterend", link);
    } else {
      document.body.insertBefore(link, document.body.firstChild);
    }
  }
  var events = new EventSource("/_unscramble/events");
  events.addEventListener("status", function (e) {
    show(JSON.parse(e.data));
  });
  events.addEventListener("reload", function (e) {
    if (isForm) {
      show(JSON.parse(e.data));
    } else {
      location.reload();
    }
  });
})();
