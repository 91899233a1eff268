// A line chart drawn as SVG, no library: each person's chips won or lost, hand after hand,
// and (dashed) what they could expect, all-in adjusted.
//
// The points come from the server (GET /api/club/stats "series": [time, total, expected]
// after each hand a person played); this only scales them onto the drawing. The x axis is the order of
// the hands (nights are days apart and a week of nothing would flatten the lines), the y
// axis chips, with zero marked.

import { chips } from "./dom.js";
import { t } from "./i18n.js";

const SVG = "http://www.w3.org/2000/svg";
const WIDTH_MAX = 640; // at most: narrower on a phone, so that the labels keep their size
const HEIGHT = 300;
const PAD = { left: 56, right: 12, top: 12, bottom: 28 };
// Distinct on the dark felt and for the common colour blindnesses (Okabe-Ito, then more).
export const COLOURS = ["#e69f00", "#56b4e9", "#009e73", "#f0e442", "#0072b2", "#d55e00",
  "#cc79a7", "#ffffff", "#999999", "#a6d854"];

function node(tag, attributes = {}, text = null) {
  const element = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, String(value));
  if (text !== null) element.textContent = text;
  return element;
}

/** ``lines``: [{name, colour, points: [[time, total], ...], dashed}]; an SVG element
 * ``wanted`` pixels wide (at most 640). A dashed line is drawn thinner, broken: a person's
 * expected chips (all-in adjusted) beside the solid line of what they won. */
export function lineChart(lines, label, wanted = WIDTH_MAX) {
  const width = Math.max(280, Math.min(wanted, WIDTH_MAX));
  const times = [...new Set(lines.flatMap((line) => line.points.map(([time]) => time)))]
    .sort((a, b) => a - b);
  const order = new Map(times.map((time, index) => [time, index]));
  const totals = lines.flatMap((line) => line.points.map(([, total]) => total));
  const low = Math.min(0, ...totals);
  const high = Math.max(0, ...totals);
  const span = high - low || 1;
  const x = (time) => PAD.left + (order.get(time) / Math.max(1, times.length - 1))
    * (width - PAD.left - PAD.right);
  const y = (total) => PAD.top + ((high - total) / span) * (HEIGHT - PAD.top - PAD.bottom);
  const svg = node("svg", { viewBox: `0 0 ${width} ${HEIGHT}`, role: "img", "aria-label": label,
    class: "chart" });
  svg.append(node("line", { x1: PAD.left, x2: width - PAD.right, y1: y(0), y2: y(0),
    class: "zero" }));
  for (const total of [high, 0, low].filter((value, index, all) => all.indexOf(value) === index)) {
    svg.append(node("text", { x: PAD.left - 6, y: y(total) + 4, class: "tick", "text-anchor": "end" },
      chips(total)));
  }
  svg.append(node("text", { x: (width + PAD.left) / 2, y: HEIGHT - 6, class: "tick",
    "text-anchor": "middle" }, t("rooms.chart.axis", { count: times.length })));
  for (const line of lines) {
    // Each line starts at zero, just before its first hand.
    const path = line.points.map(([time, total], index) =>
      `${index ? "L" : `M${x(time).toFixed(1)},${y(0).toFixed(1)} L`}${x(time).toFixed(1)},${y(total).toFixed(1)}`);
    svg.append(node("path", { d: path.join(" "), stroke: line.colour,
      class: line.dashed ? "series expected" : "series", "data-name": line.name }));
  }
  return svg;
}
