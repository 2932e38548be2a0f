// Plays a rendered play.html as a person would: reads the cells' labels,
// drags tiles into place and clicks to turn them (even cells), or uses the
// arrow keys, Enter and R (odd cells), and reports what the page said.
(function () {
  var board = document.getElementById("board");
  var data = JSON.parse(document.getElementById("play-data").textContent);
  var cols = data.cols, n = data.rows * data.cols;
  var seen = { said: {} };
  function cells() { return board.querySelectorAll(".cell"); }
  function label(c) { return cells()[c].getAttribute("aria-label"); }
  // "tile 4, turned 90°, row 1 column 2" -> [4, 1]
  function read(c) {
    var m = /^tile (\d+), turned (\d+)\u00b0, row (\d+) column (\d+)/.exec(label(c));
    return [Number(m[1]), Number(m[2]) / 90];
  }
  function centre(c) {
    var r = cells()[c].getBoundingClientRect();
    return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
  }
  function pointer(type, at) {
    board.dispatchEvent(new PointerEvent(type, {
      bubbles: true, cancelable: true, pointerId: 7, isPrimary: true,
      pointerType: "mouse", button: 0, clientX: at.x, clientY: at.y
    }));
  }
  function drag(from, to) {
    var a = centre(from), b = centre(to);
    pointer("pointerdown", a);
    pointer("pointermove", { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });
    pointer("pointermove", b);
    pointer("pointerup", b);
  }
  function click(c) {
    pointer("pointerdown", centre(c));
    pointer("pointerup", centre(c));
  }
  function key(k, shift) {
    document.activeElement.dispatchEvent(new KeyboardEvent("keydown", {
      key: k, shiftKey: !!shift, bubbles: true, cancelable: true
    }));
  }
  function keyTo(c) {
    var at = Number(document.activeElement.dataset.cell || 0);
    while (at % cols < c % cols) { key("ArrowRight"); at++; }
    while (at % cols > c % cols) { key("ArrowLeft"); at--; }
    while (at < c) { key("ArrowDown"); at += cols; }
    while (at > c) { key("ArrowUp"); at -= cols; }
  }
  function say(when) {
    seen.said[when] = {
      status: document.getElementById("status").textContent,
      edges: document.getElementById("edges").textContent
    };
  }
  say("start");
  var goal = data.solutions[0];
  cells()[0].focus();
  for (var c = 0; c < n; c++) {
    var from = -1;
    for (var k = c; k < n; k++) if (read(k)[0] === goal[c][0]) from = k;
    var keyboard = c % 2 === 1;
    if (from !== c) {
      if (keyboard) { keyTo(from); key("Enter"); keyTo(c); key(" "); }
      else drag(from, c);
    }
    var turns = (goal[c][1] - read(c)[1] + 4) % 4;
    if (c === n - 1 && turns === 0) {
      // The last cell turned away and back, so the board is wrong once.
      if (keyboard) { keyTo(c); key("R"); } else click(c);
      turns = 3;
    }
    // The keyboard turns back with Shift+R; a click turns only one way.
    var steps = [];
    if (keyboard && turns === 3) steps.push(true);
    else for (var t = 0; t < turns; t++) steps.push(false);
    for (var i = 0; i < steps.length; i++) {
      if (c === n - 1 && i === steps.length - 1) say("one turn short");
      if (keyboard) { keyTo(c); key(steps[i] ? "R" : "r", steps[i]); }
      else click(c);
    }
  }
  say("done");
  seen.labels = [];
  for (var i = 0; i < n; i++) seen.labels.push(label(i));
  document.getElementById("shuffle").click();
  say("shuffled");
  document.getElementById("next").click();
  document.getElementById("next").click();
  say("second solution");
  var pre = document.createElement("pre");
  pre.id = "probe";
  pre.textContent = JSON.stringify(seen);
  document.body.appendChild(pre);
})();
