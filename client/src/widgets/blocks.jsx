// What the two block types (address, school search) share: the block's keyed layouts are its parts,
// its search part is an autocompleted line whose chosen record fills the parts, and the page places
// the block around its shown parts.
import { AutocompleteWidget } from "./AutocompleteWidget.jsx";

/** A block's keyed layouts: its parts, in order (the search part first). */
export const blockParts = (layout) => Object.values(layout.parts);

/** The search line's widget; `searchFrom` names the lookup record's field that fills the search part. */
export function lookupSearch(searchFrom) {
  return function LookupSearch(props) {
    return <AutocompleteWidget {...props} searchFrom={searchFrom} />;
  };
}

/** Places a block: `Block` around its shown parts, or nothing when every part is hidden. */
export function placeBlock(Block) {
  return function place(layout, { answers, shown, slot }) {
    const parts = blockParts(layout).filter(shown);
    if (!parts.length) return null;
    return (
      <Block key={layout.id} layout={layout} answers={answers}>
        {parts.map((part) => slot(part.key))}
      </Block>
    );
  };
}
