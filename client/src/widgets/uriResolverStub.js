// RJSF resolves `$ref` URIs with fast-uri. The schemas the form hands RJSF are built by the renderer
// (flat properties of each section, no `$ref`), so the build replaces fast-uri with this stub; a
// schema with a `$ref` would fail loudly here rather than resolve wrongly.
function unsupported() {
  throw new Error("The form renderer's RJSF schemas have no $ref: URI resolution is not bundled.");
}

export default {
  resolve: unsupported,
  parse: unsupported,
  serialize: unsupported,
  equal: unsupported,
  normalize: unsupported,
};
