(function () {
  // Play frames (iframe data-unscramble-play) take the height their page
  // says it needs; the page is told this window's height, so its board fits
  // on screen with its buttons. Once per page, however often it is pasted.
  if (window.unscramblePlayFit) return;
  window.unscramblePlayFit = true;
  function frames() { return document.querySelectorAll("iframe[data-unscramble-play]"); }
  function tell(w) { w.postMessage({ unscramble: "fit", height: window.innerHeight }, "*"); }
  window.addEventListener("message", function (e) {
    var d = e.data, f = frames();
    if (!d || d.unscramble !== "play-height") return;
    var h = Math.round(Number(d.height));
    for (var i = 0; i < f.length; i++) {
      if (f[i].contentWindow !== e.source) continue;
      if (h >= 100 && h <= 20000) f[i].style.height = h + "px";
      if (!f[i].hasAttribute("data-fitted")) {
        f[i].setAttribute("data-fitted", "");
        tell(e.source);
      }
    }
  });
  // A frame that spoke before this script ran hears from it here.
  function tellAll() {
    var f = frames();
    for (var i = 0; i < f.length; i++) if (f[i].contentWindow) tell(f[i].contentWindow);
  }
  window.addEventListener("load", tellAll);
  window.addEventListener("resize", tellAll);
})();
