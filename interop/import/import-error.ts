/** A refusal: one line that names the record and what is wrong. Nothing has been written when it is thrown. */
export class ImportError extends Error {
  override name = "ImportError";
}
