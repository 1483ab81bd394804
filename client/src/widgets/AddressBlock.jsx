import { blockParts, lookupSearch, placeBlock } from "./blocks.jsx";

/** An address block: the autocompleted line 1, then Apt. #, city, state, ZIP and country. */
export function AddressBlock({ layout, children }) {
  return (
    <div className="block address-block" data-block={layout.id}>
      {children}
    </div>
  );
}

/** The address field type: a block of parts, each reading and printing as its own type. */
export const fieldType = {
  name: "address",
  Widget: lookupSearch("address_line_1"),
  block: true,
  keyedLayouts: blockParts,
  place: placeBlock(AddressBlock),
  review: (layout, context) => blockParts(layout).flatMap((part) => context.rowsOf(part)),
  print: (layout, value, context) => <>{blockParts(layout).map((part) => context.printField(part))}</>,
};
