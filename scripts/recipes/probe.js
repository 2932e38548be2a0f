// Opens a built blog as a reader would, in headless Chromium, on the same
// origin as the site: the post, then the gallery it links. Every image
// (the folded solutions opened), every board a thumbnail links, every play
// frame and every file the gallery links must load. Writes its findings as
// JSON into the element with id "result".
(async function () {
  var q = new URLSearchParams(location.search);
  var checks = [];
  function ok(name, pass, detail) { checks.push({ name: name, pass: !!pass, detail: detail || "" }); }
  function sleep(ms) { return new Promise(function (r) { setTimeout(r, ms); }); }
  function open(url) {
    return new Promise(function (resolve) {
      var f = document.createElement("iframe");
      f.style.width = "1000px";
      f.style.height = "5000px";
      f.onload = function () { resolve(f); };
      f.src = url;
      document.body.appendChild(f);
    });
  }
  function loads(src) {
    return new Promise(function (resolve) {
      var i = new Image();
      i.onload = function () { resolve(i.naturalWidth > 0); };
      i.onerror = function () { resolve(false); };
      i.src = src;
    });
  }
  async function fetched(url) {
    try { var r = await fetch(url); return r.status; } catch (e) { return String(e); }
  }
  async function until(test, ms) {
    for (var t = 0; t < ms; t += 100) { if (test()) return true; await sleep(100); }
    return test();
  }
  async function images(doc, where) {
    doc.querySelectorAll("details").forEach(function (d) { d.open = true; });
    var seen = {};
    var imgs = Array.prototype.map.call(doc.images, function (i) { return i.src; });
    ok(where + " shows boards", imgs.length >= 2, imgs.length + " images");
    for (var k = 0; k < imgs.length; k++) {
      if (seen[imgs[k]]) continue;
      seen[imgs[k]] = true;
      ok(where + " image " + imgs[k], await loads(imgs[k]));
    }
    var linked = doc.querySelectorAll("a > img");
    for (var j = 0; j < linked.length; j++) {
      var href = linked[j].parentNode.href;
      ok(where + " thumbnail links its board " + href, await loads(href));
    }
  }
  try {
    ok("the post is served", (await fetched(q.get("post"))) === 200, q.get("post"));
    var post = await open(q.get("post"));
    var doc = post.contentDocument;
    ok("the post opens", doc && doc.body && doc.body.textContent.length > 0, q.get("post"));
    await images(doc, "post");
    var plays = doc.querySelectorAll("iframe[data-unscramble-play]");
    ok("the post embeds a play frame", plays.length > 0, plays.length + " frames");
    for (var p = 0; p < plays.length; p++) {
      var frame = plays[p];
      var shows = await until(function () {
        var d = frame.contentDocument;
        return d && d.querySelectorAll("#board .cell").length > 0;
      }, 8000);
      ok("play frame " + frame.src + " shows its board", shows);
      if (shows) {
        var data = JSON.parse(frame.contentDocument.getElementById("play-data").textContent);
        var pic = new URL(data.picture.src, frame.src).href;
        ok("play frame's tile picture " + pic, await loads(pic));
        var sized = await until(function () { return frame.style.height !== ""; }, 5000);
        ok("the snippet's script sized the play frame", sized, frame.style.height);
      }
    }
    var gallery = new URL(q.get("gallery"), location.href).href;
    var links = Array.prototype.map.call(doc.querySelectorAll("a"), function (a) { return a.href; });
    ok("the post links the gallery " + gallery, links.indexOf(gallery) >= 0, links.join(" "));
    var g = await open(gallery);
    var gdoc = g.contentDocument;
    ok("the gallery opens", gdoc && /Puzzles and solutions/.test(gdoc.title), gdoc && gdoc.title);
    await images(gdoc, "gallery");
    var files = Array.prototype.filter.call(gdoc.querySelectorAll("a"), function (a) {
      return a.getAttribute("href").charAt(0) !== "#";
    });
    for (var f = 0; f < files.length; f++) {
      ok("gallery link " + files[f].href, (await fetched(files[f].href)) === 200);
    }
  } catch (e) {
    ok("the probe ran", false, String(e && e.stack || e));
  }
  var out = document.createElement("pre");
  out.id = "result";
  out.textContent = JSON.stringify(checks);
  document.body.appendChild(out);
})();
