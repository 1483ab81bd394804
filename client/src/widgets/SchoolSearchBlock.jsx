import { blockParts, lookupSearch, placeBlock } from "./blocks.jsx";
import { t } from "../strings/formStrings.js";
import { isAnswered, questionOf, reviewRow, Row } from "./readout.jsx";

/** A school search block says "own entry" when the school has a name but no CEEB code. */
function schoolOwnEntry(block, answers) {
  return Boolean(answers?.[block.parts.search.key]) && !(block.parts.ceeb && answers?.[block.parts.ceeb.key]);
}

/**
 * A school search block: "Search for Your School" (the search part), then the school's address
 * parts. When the applicant uses their own entry (a name without a CEEB code) it says so.
 */
export function SchoolSearchBlock({ layout, answers, children }) {
  const ownEntry = schoolOwnEntry(layout, answers);
  const [search, ...rest] = children;
  return (
    <div className="block school-block" data-block={layout.id}>
      {search}
      {ownEntry && <p className="block-note">{t("school_own_entry")}</p>}
      {rest}
    </div>
  );
}

/** The school as it reads back: its name plus "(Ceeb: code)" when it has one. */
function schoolName(layout, answers) {
  const name = answers[layout.parts.search.key];
  const code = layout.parts.ceeb ? answers[layout.parts.ceeb.key] : "";
  return code ? `${name} ${t("service_ceeb", { code: code })}` : String(name);
}

/** The parts after the school's name and code (its address). */
const addressParts = (layout) =>
  Object.entries(layout.parts)
    .filter(([role]) => role !== "search" && role !== "ceeb")
    .map(([, part]) => part);

/** The school search field type: a block whose name and CEEB code read as one row. */
export const fieldType = {
  name: "school_search",
  Widget: lookupSearch("name"),
  block: true,
  keyedLayouts: blockParts,
  place: placeBlock(SchoolSearchBlock),
  // The own-entry note reads two answers: a section re-renders when it changes.
  signature: schoolOwnEntry,
  review(layout, context) {
    const { search } = layout.parts;
    const rows = isAnswered(context.answers[search.key])
      ? [reviewRow(search, schoolName(layout, context.answers))]
      : [];
    for (const part of addressParts(layout)) rows.push(...context.rowsOf(part));
    return rows;
  },
  print: (layout, value, context) => (
    <>
      <Row label={questionOf(layout.parts.search)}>
        {context.answers[layout.parts.search.key] ? schoolName(layout, context.answers) : ""}
      </Row>
      {addressParts(layout).map((part) => context.printField(part))}
    </>
  ),
};
