// Added by `unscramble serve` to the HTML pages it serves: reloads the page
// after every render, and shows a failed render's errors in a banner.
(function () {
  "use strict";
  var banner = null;
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
      "position:fixed;top:0;left:0;right:0;margin:0;padding:0.6em 1em;" +
      "background:#b00020;color:#fff;font:13px/1.4 monospace;" +
      "white-space:pre-wrap;z-index:2147483647;max-height:50vh;overflow:auto";
    banner.textContent =
      "unscramble serve: the last render failed (the images are the last good ones)\n" +
      lines.join("\n");
    document.body.appendChild(banner);
  }
  var events = new EventSource("/_unscramble/events");
  events.addEventListener("status", function (e) {
    show(JSON.parse(e.data));
  });
  events.addEventListener("reload", function () {
    location.reload();
  });
})();
