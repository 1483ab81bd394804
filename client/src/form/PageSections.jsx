// A page's sections, a large page drawn in parts: the sections that fill the first screen in the
// render that opens the page, the rest a part per frame after it (each part a transition, so typing
// and scrolling go first). Pages showing up to DRAW_AT_ONCE questions are drawn whole, as before.
import { startTransition, useEffect, useLayoutEffect, useState } from "react";
import { flushSync } from "react-dom";
import { useLocation } from "react-router";
import { formApp } from "./appBridge.js";
import { conditionsFor } from "./conditions.js";
import { keyedLayouts, sectionFieldLists } from "./renderModel.js";

/** Pages showing at most this many questions are drawn in one go. */
export const DRAW_AT_ONCE = 100;
/**
 * Questions in the first part: more than a screen shows below the header and navigation (a question
 * is 70 px or more: 840 px, where a 1280 x 900 screen leaves 585 and a 1920 x 1080 one 765). The
 * large form's second page draws 15 in its first part, 2,000 px down, of which a 1280 x 900 screen
 * shows 6 (docs/benchmarks.md, "Large form: where the engine's time goes").
 */
export const FIRST_PART = 12;
/** Questions in each later part. */
export const PART = 24;

// The page drawn in parts now, if any: its "draw the rest at once" (a question asked for by key).
let drawRestNow = null;

/** Draw the rest of the page now (synchronously), so a question not drawn yet can be found. */
export function drawWholePage() {
  drawRestNow?.();
}

/** The questions a section shows: its shown entries' together, one branch's or tab's. */
function sectionSize(section, entries) {
  const lists = sectionFieldLists(section).map((fields) =>
    fields.reduce((sum, field) => sum + Math.max(1, keyedLayouts(field).length), 0),
  );
  if (section.instances) {
    const shown = Math.max(1, entries?.[section.add_another.id] ?? 1);
    return lists.slice(0, shown).reduce((sum, size) => sum + size, 0);
  }
  return Math.max(0, ...lists);
}

/**
 * Where each part ends (a count of sections): the first part up to FIRST_PART shown questions,
 * then parts of up to PART (a larger section is a part of its own). A hidden section is not
 * counted (it draws nothing); a page of up to DRAW_AT_ONCE shown questions is one part.
 * `entries`: the shown entries of each add-another section, by its id.
 */
export function pageParts(sections, answers, entries) {
  const holds = conditionsFor(answers);
  const sizes = sections.map((section) =>
    section.visible_when && !holds(section.visible_when) ? 0 : sectionSize(section, entries),
  );
  if (sizes.reduce((sum, size) => sum + size, 0) <= DRAW_AT_ONCE) return [sections.length];
  const ends = [];
  let inPart = 0;
  sizes.forEach((size, index) => {
    if (ends.length && inPart > 0 && inPart + size > PART) {
      ends.push(index);
      inPart = 0;
    }
    inPart += size;
    if (!ends.length && inPart >= FIRST_PART) {
      ends.push(index + 1);
      inPart = 0;
    }
  });
  if (ends.at(-1) !== sections.length) ends.push(sections.length);
  return ends;
}

/**
 * The sections in order, `renderSection(section)` for each drawn so far. While parts are left the
 * list is aria-busy (a screen reader waits for the whole page); a link to a question (`#key`), the
 * print dialog and drawWholePage draw the rest at once.
 */
export function PageSections({ sections, answers, renderSection }) {
  const [parts] = useState(() => pageParts(sections, answers, formApp().get().addAnother));
  const [drawnParts, setDrawnParts] = useState(1);
  const { hash } = useLocation();
  // Once named, drawn for good (the page stays whole when the link's hash goes).
  if (hash && drawnParts < parts.length) setDrawnParts(parts.length);
  const whole = Boolean(hash) || drawnParts >= parts.length;
  const drawn = whole ? sections.length : parts[drawnParts - 1];

  useEffect(() => {
    if (whole) return undefined;
    // After the frame that shows this part is painted, render the next one.
    let timer = null;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setDrawnParts((count) => count + 1)));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [whole, drawnParts]);

  useLayoutEffect(() => {
    if (whole) return undefined;
    const drawRest = () => flushSync(() => setDrawnParts(parts.length));
    drawRestNow = drawRest;
    window.addEventListener("beforeprint", drawRest);
    return () => {
      if (drawRestNow === drawRest) drawRestNow = null;
      window.removeEventListener("beforeprint", drawRest);
    };
  }, [whole, parts]);

  return (
    <div
      className={parts.length > 1 ? "page-sections page-sections-large" : "page-sections"}
      aria-busy={!whole || undefined}
    >
      {sections.slice(0, drawn).map(renderSection)}
    </div>
  );
}
