/** An address block: the autocompleted line 1, then Apt. #, city, state, ZIP and country. */
export function AddressBlock({ layout, children }) {
  return (
    <div className="block address-block" data-block={layout.id}>
      {children}
    </div>
  );
}
