// The HTML report's stylesheet and its one script, inline in every page (nothing is fetched). Kept
// apart from report_html.cpp, which builds the page, because they are a different language and
// change for different reasons.
#pragma once

#include <string_view>

namespace tile::html_assets {

// The page's only script, followed in the same element by the step-through view's
// (report_html_through_assets.h). Their SHA-256 (base64) is kScriptHash, which the
// Content-Security-Policy names, so the browser runs them and nothing else. After editing either,
// recompute it:
//   tilegrade grade ... --format html > r.html && python3 -c 'import base64,hashlib,re,sys;
//   s=re.search(r"<script>(.*?)</script>",open(sys.argv[1]).read(),re.S).group(1);
//   print(base64.b64encode(hashlib.sha256(s.encode()).digest()).decode())' r.html
// (tests/e2e/html_report.sh checks it, and a browser refuses a stale hash).
inline constexpr std::string_view kScript = R"JS(
(function () {
  "use strict";
  var STEP = 42;
  var NAMES = {U: "Up", D: "Down", L: "Left", R: "Right"};

  // Moves the blank of board (in place); returns the tile that slid, or -1 if the move is illegal.
  function apply(board, rows, cols, move) {
    var blank = board.indexOf(0);
    var row = Math.floor(blank / cols) + (move === "U" ? -1 : move === "D" ? 1 : 0);
    var col = (blank % cols) + (move === "L" ? -1 : move === "R" ? 1 : 0);
    if (!(move in NAMES) || row < 0 || row >= rows || col < 0 || col >= cols) return -1;
    var tile = board[row * cols + col];
    board[blank] = tile;
    board[row * cols + col] = 0;
    return tile;
  }

  function setUp(root) {
    var rows = Number(root.getAttribute("data-rows"));
    var cols = Number(root.getAttribute("data-cols"));
    var start = root.getAttribute("data-start").split(" ").map(Number);
    var goal = root.getAttribute("data-goal");
    var path = root.getAttribute("data-path");
    var slider = root.querySelector("input[type=range]");
    var statusLine = root.querySelector(".replay-status");
    var playButton = root.querySelector("[data-action=play]");
    var tiles = {};
    Array.prototype.forEach.call(root.querySelectorAll("[data-tile]"), function (node) {
      tiles[node.getAttribute("data-tile")] = node;
    });

    // The replay stops before the first illegal move: everything after it never happened.
    var limit = 0;
    var probe = start.slice();
    while (limit < path.length && apply(probe, rows, cols, path.charAt(limit)) >= 0) limit++;
    slider.max = String(limit);

    var board = start.slice();
    var step = 0;
    var moved = -1;
    var timer = null;

    function describe() {
      var text = "step " + step + " of " + limit;
      if (step > 0) text += ": " + NAMES[path.charAt(step - 1)];
      if (step < limit) return text;
      if (limit < path.length) {
        return text + " \u2014 the next move (" + path.charAt(limit) + ") is illegal here";
      }
      return text + (board.join(" ") === goal ? " \u2014 goal reached" : " \u2014 not the goal");
    }

    function draw() {
      board.forEach(function (tile, cell) {
        if (tile === 0) return;
        var node = tiles[tile];
        var x = (cell % cols) * STEP;
        var y = Math.floor(cell / cols) * STEP;
        node.setAttribute("transform", "translate(" + x + " " + y + ")");
        node.classList.toggle("moved", tile === moved);
      });
      slider.value = String(step);
      statusLine.textContent = describe();
    }

    function goTo(target) {
      target = Math.max(0, Math.min(limit, target));
      if (target < step) {
        board = start.slice();
        step = 0;
      }
      moved = -1;
      while (step < target) {
        moved = apply(board, rows, cols, path.charAt(step));
        step++;
      }
      draw();
    }

    function stop() {
      if (timer === null) return;
      clearInterval(timer);
      timer = null;
      playButton.textContent = "play";
    }

    function play() {
      if (timer !== null) return stop();
      if (step === limit) goTo(0);
      playButton.textContent = "pause";
      timer = setInterval(function () {
        if (step >= limit) stop();
        else goTo(step + 1);
      }, 350);
    }

    root.addEventListener("click", function (event) {
      var button = event.target.closest("[data-action]");
      if (!button) return;
      var action = button.getAttribute("data-action");
      if (action === "play") return play();
      stop();
      if (action === "first") goTo(0);
      else if (action === "prev") goTo(step - 1);
      else if (action === "next") goTo(step + 1);
      else if (action === "last") goTo(limit);
    });
    slider.addEventListener("input", function () {
      stop();
      goTo(Number(slider.value));
    });
    draw();
    root.setAttribute("data-ready", "true");
  }

  Array.prototype.forEach.call(document.querySelectorAll(".replay"), setUp);
  document.documentElement.setAttribute("data-replay", "ready");
})();
)JS";
inline constexpr std::string_view kScriptHash = "sha256-EEah1426iXWGrq21WFef4McZa5g+mBVqtnSvT8NHAQ4=";

inline constexpr std::string_view kStyle = R"CSS(
:root { --pass: #1f7a45; --fail: #b3261e; --you: #2f62c9; --you-off: #d9822b; --ref: #1f7a45;
        --base: #9a9a9a; --ink: #1d1d1f; --muted: #5f6368; --line: #dadce0; --paper: #fff; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--ink);
       background: #f4f5f7; }
main { max-width: 1100px; margin: 0 auto; padding: 24px; }
h1 { font-size: 1.5em; margin: 0 0 4px; }
h2 { font-size: 1.15em; margin: 0; }
h3 { font-size: 1em; margin: 12px 0 6px; }
.card { background: var(--paper); border: 1px solid var(--line); border-radius: 8px; padding: 16px;
        margin: 16px 0; }
.muted { color: var(--muted); }
.score { font-size: 1.3em; font-weight: 600; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: 4px 8px; border-bottom: 1px solid var(--line); }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
a { color: inherit; }
.verdict { display: inline-block; min-width: 3.2em; text-align: center; font-weight: 700;
           font-size: .8em; padding: 2px 6px; border-radius: 4px; color: #fff; }
.verdict.pass { background: var(--pass); }
.verdict.fail { background: var(--fail); }
.test > header { display: flex; gap: 12px; align-items: center; }
.test > header .points { margin-left: auto; font-weight: 600; }
.test.fail { border-left: 4px solid var(--fail); }
.test.pass { border-left: 4px solid var(--pass); }
.figures { display: flex; flex-wrap: wrap; gap: 24px; align-items: flex-start; margin: 12px 0; }
figure { margin: 0; }
figcaption { color: var(--muted); font-size: .85em; text-align: center; margin-top: 4px; }
.caption { color: var(--muted); font-size: .85em; margin: 0 0 4px; }
svg.board .cell { fill: #e8eaed; stroke: #bdc1c6; }
svg.board .slot { fill: #c4c7cc; }
svg.board .blank { fill: #c4c7cc; }
svg.board .tile rect, svg.board rect.face { fill: #fdfdfd; stroke: #7c8089; }
svg.board .diff rect, svg.board rect.diff { fill: #fde2dd; stroke: var(--fail); stroke-width: 2; }
svg.board .moved rect { fill: #dbe6fb; stroke: var(--you); stroke-width: 2; }
svg.board text { font: 600 18px system-ui, sans-serif; text-anchor: middle;
                 dominant-baseline: central; fill: var(--ink); }
.replay .controls { display: flex; gap: 4px; margin-top: 6px; }
.replay button { font: inherit; padding: 2px 10px; border: 1px solid var(--line); border-radius: 4px;
                 background: #f8f9fa; cursor: pointer; }
.replay input[type=range] { width: 100%; margin-top: 6px; }
.replay-status { margin: 4px 0 0; font-size: .9em; min-height: 1.4em; }
.divergence { display: flex; gap: 32px; align-items: flex-start; }
.diagnosis { background: #fff6e5; border-left: 3px solid var(--you-off); padding: 6px 10px; }
.repair { background: #eef6ee; border-left: 3px solid #3a7d44; padding: 6px 10px; margin: 6px 0; }
.repair p { margin: 0 0 4px 0; }
.repair-lines { margin: 0; } .repair-lines .line-number { color: #777; }
.repair-lines ins { text-decoration: none; background: #d4ecd4; }
pre.output { background: #f8f9fa; border: 1px solid var(--line); border-radius: 6px; padding: 10px;
             overflow-x: auto; white-space: pre-wrap; overflow-wrap: anywhere; font: 13px/1.35 ui-monospace, Menlo, Consolas,
             monospace; }
code { font-family: ui-monospace, Menlo, Consolas, monospace; }
.path { word-break: break-all; font-size: .85em; max-width: 520px; }
svg.chart text { font: 12px system-ui, sans-serif; fill: var(--ink); }
svg.chart .axis { stroke: var(--line); }
svg.chart .you { fill: var(--you); }
svg.chart .you.off { fill: var(--you-off); }
svg.chart .ref { fill: var(--ref); }
svg.chart .base { fill: var(--base); }
svg.chart line.met { stroke: var(--pass); stroke-width: 2; }
svg.chart line.unmet { stroke: var(--fail); stroke-width: 2; stroke-dasharray: 4 3; }
)CSS";

}  // namespace tile::html_assets
