// The step-through view's script and style (report_html_through.cpp builds its markup). The page
// has one script element, kScript followed by kThroughScript, and one hash for the two
// (report_html_assets.h's kScriptHash: recompute it after editing either).
#pragma once

#include <string_view>

namespace tile::html_assets {

inline constexpr std::string_view kThroughScript = R"JS(
(function () {
  "use strict";
  // The namespace, read off the page's own boards (a view's test always draws its start) when
  // there is a view: the report holds no address at all.
  var SVGNS = "";
  var NAMES = {U: "Up", D: "Down", L: "Left", R: "Right"};

  function element(name, attributes, text) {
    var node = document.createElementNS(SVGNS, name);
    Object.keys(attributes).forEach(function (key) { node.setAttribute(key, attributes[key]); });
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function html(name, className, text) {
    var node = document.createElement(name);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  // A board drawn as tiles; cells where `other` differs are marked.
  function boardSvg(tiles, cols, cell, other, label, small) {
    var pitch = cell + 2;
    var rows = tiles.length / cols;
    var svg = element("svg", {"class": small ? "board small" : "board", role: "img",
      width: cols * pitch + 2, height: rows * pitch + 2,
      viewBox: "-1 -1 " + (cols * pitch + 2) + " " + (rows * pitch + 2),
      "aria-label": label + ": " + tiles.join(" ")});
    tiles.forEach(function (tile, i) {
      var g = element("g", {transform: "translate(" + (i % cols) * pitch + " " +
                                       Math.floor(i / cols) * pitch + ")"});
      var mark = other && other[i] !== tile ? " diff" : "";
      g.appendChild(element("rect", {"class": (tile === 0 ? "blank" : "face") + mark,
                                      width: cell, height: cell, rx: 4}));
      if (tile !== 0) g.appendChild(element("text", {x: cell / 2, y: cell / 2}, String(tile)));
      svg.appendChild(g);
    });
    return svg;
  }

  function counted(n, noun) { return n + " " + noun + (n === 1 ? "" : "s"); }

  function tilesOf(entry) { return entry.b.split(" ").map(Number); }

  function facts(entry, key) {
    var out = [];
    if (entry.m) out.push("moved " + NAMES[entry.m]);
    if (entry.d !== undefined) out.push("depth " + entry.d);
    if (entry.g !== undefined && entry.g !== entry.d) out.push("g " + entry.g);
    if (entry.h !== undefined) out.push("h " + entry.h);
    if (entry.g !== undefined && entry.h !== undefined) out.push("f " + (entry.g + entry.h));
    if (key === "g + w h" && entry.k !== undefined) out.push(key + " " + entry.k);
    return out.join(", ");
  }

  function setUp(root) {
    var data = JSON.parse(root.querySelector(".through-data").textContent);
    var cols = Number(root.getAttribute("data-cols"));
    var steps = data.steps;
    var statusLine = root.querySelector(".through-status");
    var note = root.querySelector(".through-diagnosis");
    var sides = {you: root.querySelector(".side.you"), ref: root.querySelector(".side.ref")};
    var focusIndex = 0;
    steps.forEach(function (step, i) { if (step.n === data.focus) focusIndex = i; });
    var at = focusIndex;

    function drawSide(node, side, other, who) {
      while (node.firstChild) node.removeChild(node.firstChild);
      node.appendChild(html("h4", "", who === "you" ? "your search" : "the reference"));
      if (!side.x) {
        node.appendChild(html("p", "muted", who === "you"
          ? "You had stopped after " + counted(data.you_total, "expansion") + "."
          : "The reference had stopped after " + counted(data.ref_total, "expansion") + "."));
        return;
      }
      var mine = tilesOf(side.x);
      var theirs = other.x ? tilesOf(other.x) : null;
      var label = who === "you" ? "you expanded" : "the reference expanded";
      node.appendChild(html("p", "caption", label));
      node.appendChild(boardSvg(mine, cols, 40, theirs, label, false));
      node.appendChild(html("p", "facts", facts(side.x, data.key)));
      if (who === "you" && !data.you_frontier) {
        node.appendChild(html("p", "muted", "Your run's record does not show its frontier."));
        return;
      }
      var heading = side.n === 0 ? "frontier then: empty" : "frontier then: the first " +
        side.f.length + " of " + side.n + (who === "you" ? " boards you had generated and not " +
        "yet expanded" : "") + ", " + data.order;
      node.appendChild(html("p", "caption", heading));
      var row = html("div", "frontier");
      side.f.forEach(function (entry) {
        var figure = html("figure", "");
        figure.appendChild(boardSvg(tilesOf(entry), cols, 22, null, "frontier entry", true));
        var key = data.key === "" ? "" : data.key === "depth" ? "depth " + entry.d
          : data.key + " " + (entry.k === undefined ? "?" : entry.k);
        figure.appendChild(html("figcaption", "", key));
        row.appendChild(figure);
      });
      node.appendChild(row);
    }

    function draw() {
      var step = steps[at];
      var differs = !step.you.x || !step.ref.x || step.you.x.b !== step.ref.x.b;
      drawSide(sides.you, step.you, step.ref, "you");
      drawSide(sides.ref, step.ref, step.you, "ref");
      var text = "step " + step.n + " (" + (at + 1) + " of " + steps.length + " shown)";
      if (step.n === data.divergence) text += " \u2014 the first step where your run differs";
      else if (differs) text += " \u2014 the runs differ here";
      else text += " \u2014 both expanded the same board";
      statusLine.textContent = text;
      var here = step.n === data.focus;
      root.setAttribute("data-step", String(step.n));
      root.setAttribute("data-highlighted", here ? "true" : "false");
      root.classList.toggle("at-focus", here);
      root.classList.toggle("differs", differs);
      if (note) note.classList.toggle("here", here);
    }

    function goTo(index) {
      at = Math.max(0, Math.min(steps.length - 1, index));
      draw();
    }

    var actions = {first: function () { goTo(0); }, prev: function () { goTo(at - 1); },
                   next: function () { goTo(at + 1); }, focus: function () { goTo(focusIndex); },
                   last: function () { goTo(steps.length - 1); }};
    var keys = {ArrowRight: "next", n: "next", ArrowLeft: "prev", p: "prev", d: "focus",
                Home: "first", End: "last"};
    root.addEventListener("click", function (event) {
      var button = event.target.closest("[data-step-action]");
      if (button) actions[button.getAttribute("data-step-action")]();
    });
    root.addEventListener("keydown", function (event) {
      var action = keys[event.key];
      if (!action || event.altKey || event.ctrlKey || event.metaKey) return;
      event.preventDefault();
      actions[action]();
    });
    draw();
    root.setAttribute("data-ready", "true");
  }

  var roots = document.querySelectorAll(".through");
  if (roots.length > 0) {
    SVGNS = document.querySelector("svg.board").namespaceURI;
    Array.prototype.forEach.call(roots, setUp);
  }
  document.documentElement.setAttribute("data-through", "ready");
})();
)JS";

inline constexpr std::string_view kThroughStyle = R"CSS(
.through { border: 1px solid var(--line); border-radius: 8px; padding: 12px; margin: 12px 0; }
.through:focus { outline: 3px solid var(--you); outline-offset: 2px; }
.through.at-focus { border-color: var(--you-off); box-shadow: 0 0 0 2px var(--you-off); }
.through-sides { display: flex; flex-wrap: wrap; gap: 24px; align-items: flex-start; }
.through .side { flex: 1 1 300px; min-width: 260px; }
.through .side h4 { margin: 0 0 4px; }
.through.differs .side { background: #fffaf2; }
.through .facts { font-size: .9em; margin: 4px 0; }
.through .frontier { display: flex; flex-wrap: wrap; gap: 8px; }
.through .frontier figcaption { font-size: .75em; }
.through .controls { display: flex; flex-wrap: wrap; gap: 4px; margin: 6px 0; }
.through button { font: inherit; padding: 2px 10px; border: 1px solid var(--line);
                  border-radius: 4px; background: #f8f9fa; cursor: pointer; }
.through-status { font-weight: 600; margin: 4px 0; min-height: 1.4em; }
.through-diagnosis { border-left: 3px solid var(--line); padding: 6px 10px; margin: 8px 0; }
.through-diagnosis.here { background: #fff6e5; border-left-color: var(--you-off); }
svg.board.small text { font-size: 11px; }
)CSS";

}  // namespace tile::html_assets
