import { schoolOwnEntry } from "../form/renderModel.js";
import { t } from "./formStrings.js";

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
