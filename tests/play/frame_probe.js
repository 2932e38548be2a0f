// Runs in a page that embeds a play.html frame as a post does: waits for the
// frame to settle, reads where the board, the status and the buttons are in
// the frame, shows a solution, reads them again, and reports as JSON in the
// page's probe element. Needs --allow-file-access-from-files (both from file://).
(function () {
  var frame = document.querySelector("iframe");
  var seen = { host: { width: window.innerWidth, height: window.innerHeight } };
  function look(when) {
    var d = frame.contentDocument, w = frame.contentWindow;
    var f = { width: frame.clientWidth, height: frame.clientHeight, scroll: w.scrollY };
    var parts = {};
    var named = { board: "#board", status: "#status", buttons: ".controls", show: "#show", next: "#next" };
    for (var k in named) {
      var r = d.querySelector(named[k]).getBoundingClientRect();
      parts[k] = { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
    }
    var rows = d.querySelectorAll(".cell");
    seen[when] = {
      frame: f,
      parts: parts,
      cell: rows.length ? rows[0].getBoundingClientRect().width : 0,
      status: d.getElementById("status").textContent,
      page: Math.ceil(d.body.getBoundingClientRect().height)
    };
  }
  function report() {
    var pre = document.createElement("pre");
    pre.id = "probe";
    pre.textContent = JSON.stringify(seen);
    document.body.appendChild(pre);
  }
  setTimeout(function () {
    try {
      look("start");
      frame.contentDocument.getElementById("show").click();
      setTimeout(function () {
        try { look("solved"); } catch (e) { seen.error = String(e); }
        report();
      }, 500);
    } catch (e) {
      seen.error = String(e);
      report();
    }
  }, 2000);
})();
