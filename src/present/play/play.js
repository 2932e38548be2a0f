// The play page's board: the puzzle's tiles, which a reader swaps (drag, or
// Enter/Space on two cells) and turns (click, or R), with every inner edge
// checked by the same rule as the solver. Plain script, no modules, so the
// page works from file:// and inside an iframe. Everything it knows comes
// from the JSON in #play-data: it needs no notation knowledge.
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("play-data").textContent);
  var rows = data.rows, cols = data.cols, n = rows * cols;
  var RIGHT = 0, TOP = 1, LEFT = 2, BOTTOM = 3;
  var boardEl = document.getElementById("board");
  var statusEl = document.getElementById("status");
  var edgesEl = document.getElementById("edges");
  var buttons = {
    shuffle: document.getElementById("shuffle"),
    show: document.getElementById("show"),
    prev: document.getElementById("prev"),
    next: document.getElementById("next")
  };
  // state[cell] = [tile (0-based), counter-clockwise quarter turns]
  var state = [];
  var cells = [];
  var edgeEls = [];
  var focus = 0, picked = -1, shown = -1, showing = false;
  var cell = 0;
  var drag = null;
  // When Enter or Space was last handled as a key, so the click a browser
  // may send for the same press is not taken as a second pick.
  var keyed = -1e9;

  for (var i = 0; i < n; i++) {
    state.push([i, 0]);
  }

  // The edge a tile shows on `side` after `turns` counter-clockwise turns:
  // side e shows base edge (e - turns) mod 4, as everywhere in unscramble.
  function edge(p, side) {
    return data.tiles[p[0]][(side + 4 - (p[1] % 4)) % 4];
  }
  function fits(a, b) {
    var list = data.fits[a] || [];
    return list.indexOf(b) >= 0;
  }
  function where(c) {
    return "row " + (Math.floor(c / cols) + 1) + " column " + ((c % cols) + 1);
  }

  // Inner edges as [cell, neighbour, side of cell, side of neighbour].
  var inner = [];
  for (var c = 0; c < n; c++) {
    if ((c % cols) + 1 < cols) inner.push([c, c + 1, RIGHT, LEFT]);
    if (Math.floor(c / cols) + 1 < rows) inner.push([c, c + cols, BOTTOM, TOP]);
  }

  function build() {
    for (var c = 0; c < n; c++) {
      var b = document.createElement("button");
      b.type = "button";
      b.className = "cell";
      b.dataset.cell = String(c);
      var pic = document.createElement("span");
      pic.className = "pic";
      pic.setAttribute("aria-hidden", "true");
      b.appendChild(pic);
      boardEl.appendChild(b);
      cells.push(b);
    }
    for (var k = 0; k < inner.length; k++) {
      var e = document.createElement("span");
      e.className = "edge";
      e.setAttribute("aria-hidden", "true");
      boardEl.appendChild(e);
      edgeEls.push(e);
    }
  }

  // Fits the board in the window (or the iframe), never above the
  // pictures' own size, leaving room above it for the title and help and
  // below it for the status (at its longest) and the buttons, as measured:
  // the text wraps more in a narrow frame. Embedded in a page whose script
  // sizes the frame (a snippet's), the room is that page's window instead,
  // and the frame then takes this page's height.
  var fitHeight = 0, posted = 0;
  var controlsEl = document.querySelector(".controls");
  function reserveStatus() {
    var probe = document.createElement("p");
    probe.className = "status-probe";
    probe.style.width = statusEl.clientWidth + "px";
    probe.textContent = "Solved! Every edge matches. This is solution " +
      data.solutions.length + " of " + data.solutions.length + ".";
    statusEl.parentNode.insertBefore(probe, statusEl);
    statusEl.style.minHeight = Math.ceil(probe.getBoundingClientRect().height) + "px";
    probe.parentNode.removeChild(probe);
  }
  function layout() {
    var pic = data.picture;
    reserveStatus();
    var width = Math.max(document.documentElement.clientWidth - 32, 120);
    var box = boardEl.getBoundingClientRect();
    var above = box.top + window.scrollY;
    var below = controlsEl.getBoundingClientRect().bottom - box.bottom + 16;
    var height = Math.max((fitHeight || window.innerHeight) - above - below, 120);
    cell = Math.floor(Math.min(pic.side, width / cols, height / rows));
    cell = Math.max(cell, 24);
    boardEl.style.width = cols * cell + "px";
    boardEl.style.height = rows * cell + "px";
    for (var k = 0; k < inner.length; k++) {
      var e = inner[k], s = edgeEls[k];
      var r = Math.floor(e[0] / cols), col = e[0] % cols;
      var thick = Math.max(4, Math.round(cell / 14)), long = Math.round(cell * 0.22);
      if (e[2] === RIGHT) {
        s.style.left = (col + 1) * cell - thick / 2 + "px";
        s.style.top = r * cell + (cell - long) / 2 + "px";
        s.style.width = thick + "px";
        s.style.height = long + "px";
      } else {
        s.style.left = col * cell + (cell - long) / 2 + "px";
        s.style.top = (r + 1) * cell - thick / 2 + "px";
        s.style.width = long + "px";
        s.style.height = thick + "px";
      }
    }
    draw();
  }

  // Each tile is cut from unsolved.png, which shows tile K (1-based) unturned
  // at cell K - 1: no picture is stored twice.
  function paintPicture(pic, p) {
    var info = data.picture, k = cell / info.side;
    var r = Math.floor(p[0] / cols), col = p[0] % cols;
    pic.style.width = cell + "px";
    pic.style.height = cell + "px";
    pic.style.backgroundImage = "url(\"" + info.src + "\")";
    pic.style.backgroundSize = info.width * k + "px " + info.height * k + "px";
    pic.style.backgroundPosition =
      -(info.frame + col * info.side) * k + "px " + -(info.frame + r * info.side) * k + "px";
  }

  function draw() {
    for (var c = 0; c < n; c++) {
      var b = cells[c], p = state[c];
      b.style.left = (c % cols) * cell + "px";
      b.style.top = Math.floor(c / cols) * cell + "px";
      b.style.width = cell + "px";
      b.style.height = cell + "px";
      b.tabIndex = c === focus ? 0 : -1;
      b.classList.toggle("picked", c === picked);
      var label = "tile " + (p[0] + 1) + ", turned " + p[1] * 90 + "\u00b0, " + where(c);
      b.setAttribute("aria-label", c === picked ? label + ", picked" : label);
      b.setAttribute("aria-pressed", c === picked ? "true" : "false");
      var pic = b.firstChild;
      paintPicture(pic, p);
      pic.style.transform = "rotate(" + -90 * p[1] + "deg)";
    }
    check();
  }

  function check() {
    var bad = [];
    for (var k = 0; k < inner.length; k++) {
      var e = inner[k];
      var ok = fits(edge(state[e[0]], e[2]), edge(state[e[1]], e[3]));
      edgeEls[k].className = "edge " + (ok ? "ok" : "bad");
      if (!ok) bad.push(where(e[0]) + " and " + where(e[1]));
    }
    var good = inner.length - bad.length;
    var text = good + " of " + inner.length + " inner edges match.";
    if (bad.length) text += " Not matching: between " + bad.join("; between ") + ".";
    edgesEl.textContent = text;
    var solved = bad.length === 0;
    var say = "";
    if (solved) {
      say = "Solved! Every edge matches.";
      if (showing) say += " This is solution " + (shown + 1) + " of " + data.solutions.length + ".";
    }
    if (statusEl.textContent !== say) statusEl.textContent = say;
    boardEl.classList.toggle("solved", solved);
    tellHeight();
  }

  // In a frame, the embedding page may size the frame to this page: it is
  // told the page's height whenever that changes, and may answer with the
  // height of its own window (see the snippet's script).
  function tellHeight() {
    if (window.parent === window) return;
    var h = Math.ceil(document.body.getBoundingClientRect().height);
    if (h === posted) return;
    posted = h;
    window.parent.postMessage({ unscramble: "play-height", height: h }, "*");
  }
  window.addEventListener("message", function (ev) {
    var d = ev.data;
    if (ev.source !== window.parent || !d || d.unscramble !== "fit") return;
    var h = Number(d.height);
    if (!(h >= 100 && h <= 20000)) return;
    posted = 0;
    if (h !== fitHeight) {
      fitHeight = h;
      layout();
    } else {
      tellHeight();
    }
  });

  function moved() {
    showing = false;
    draw();
  }
  function swap(a, b) {
    var t = state[a];
    state[a] = state[b];
    state[b] = t;
    moved();
  }
  function turn(c, by) {
    state[c] = [state[c][0], (state[c][1] + by + 4) % 4];
    moved();
  }
  function pick(c) {
    if (picked < 0) {
      picked = c;
      draw();
    } else if (picked === c) {
      picked = -1;
      draw();
    } else {
      var from = picked;
      picked = -1;
      swap(from, c);
    }
  }
  function setFocus(c) {
    focus = c;
    draw();
    cells[c].focus();
  }

  function show(k) {
    var list = data.solutions;
    if (!list.length) return;
    shown = (k + list.length) % list.length;
    state = list[shown].map(function (p) { return [p[0] - 1, p[1]]; });
    picked = -1;
    showing = true;
    draw();
  }

  function shuffle() {
    for (var tries = 0; tries < 20; tries++) {
      for (var i = n - 1; i > 0; i--) {
        var j = Math.floor(Math.random() * (i + 1));
        var t = state[i];
        state[i] = state[j];
        state[j] = t;
      }
      for (var c = 0; c < n; c++) state[c] = [state[c][0], Math.floor(Math.random() * 4)];
      picked = -1;
      moved();
      if (!boardEl.classList.contains("solved")) return;
    }
  }

  function cellAt(x, y) {
    var box = boardEl.getBoundingClientRect();
    var col = Math.floor((x - box.left) / cell), r = Math.floor((y - box.top) / cell);
    if (col < 0 || r < 0 || col >= cols || r >= rows) return -1;
    return r * cols + col;
  }

  boardEl.addEventListener("pointerdown", function (ev) {
    var c = cellAt(ev.clientX, ev.clientY);
    if (c < 0 || drag || ev.button > 0) return;
    drag = { cell: c, x: ev.clientX, y: ev.clientY, id: ev.pointerId, moving: false };
    focus = c;
    if (boardEl.setPointerCapture) {
      try { boardEl.setPointerCapture(ev.pointerId); } catch (e) { /* synthetic pointer */ }
    }
    ev.preventDefault();
  });
  boardEl.addEventListener("pointermove", function (ev) {
    if (!drag || ev.pointerId !== drag.id) return;
    var dx = ev.clientX - drag.x, dy = ev.clientY - drag.y;
    if (!drag.moving && Math.abs(dx) + Math.abs(dy) < 6) return;
    drag.moving = true;
    var b = cells[drag.cell];
    b.classList.add("lifted");
    b.firstChild.style.transform =
      "translate(" + dx + "px," + dy + "px) rotate(" + -90 * state[drag.cell][1] + "deg)";
    var over = cellAt(ev.clientX, ev.clientY);
    for (var c = 0; c < n; c++) cells[c].classList.toggle("target", c === over && c !== drag.cell);
  });
  function endDrag(ev, cancelled) {
    if (!drag || ev.pointerId !== drag.id) return;
    var from = drag.cell, moving = drag.moving;
    drag = null;
    for (var c = 0; c < n; c++) cells[c].classList.remove("lifted", "target");
    var to = cellAt(ev.clientX, ev.clientY);
    picked = -1;
    if (cancelled) draw();
    else if (!moving) turn(from, 1);
    else if (to >= 0 && to !== from) swap(from, to);
    else draw();
    cells[focus].focus();
  }
  boardEl.addEventListener("pointerup", function (ev) { endDrag(ev, false); });
  boardEl.addEventListener("pointercancel", function (ev) { endDrag(ev, true); });

  boardEl.addEventListener("keydown", function (ev) {
    var r = Math.floor(focus / cols), c = focus % cols;
    var key = ev.key;
    if (key === "ArrowLeft") c = Math.max(c - 1, 0);
    else if (key === "ArrowRight") c = Math.min(c + 1, cols - 1);
    else if (key === "ArrowUp") r = Math.max(r - 1, 0);
    else if (key === "ArrowDown") r = Math.min(r + 1, rows - 1);
    else if (key === "Enter" || key === " ") {
      ev.preventDefault();
      keyed = ev.timeStamp;
      pick(focus);
      return;
    } else if (key === "r" || key === "R") {
      ev.preventDefault();
      turn(focus, ev.shiftKey ? -1 : 1);
      return;
    } else if (key === "Escape") {
      picked = -1;
      draw();
      return;
    } else return;
    ev.preventDefault();
    setFocus(r * cols + c);
  });
  // A cell's own click (Enter/Space from assistive technology that clicks
  // instead of pressing keys) picks, like Enter; pointer clicks are handled
  // above and come with detail > 0.
  boardEl.addEventListener("click", function (ev) {
    var t = ev.target.closest ? ev.target.closest(".cell") : null;
    if (t && ev.detail === 0 && ev.timeStamp - keyed > 500) pick(Number(t.dataset.cell));
  });

  buttons.shuffle.addEventListener("click", shuffle);
  buttons.show.addEventListener("click", function () { show(shown < 0 ? 0 : shown); });
  buttons.next.addEventListener("click", function () { show(shown + 1); });
  buttons.prev.addEventListener("click", function () { show(shown < 0 ? -1 : shown - 1); });
  if (!data.solutions.length) {
    buttons.show.disabled = true;
    buttons.next.disabled = true;
    buttons.prev.disabled = true;
  }

  build();
  layout();
  window.addEventListener("resize", layout);
})();
