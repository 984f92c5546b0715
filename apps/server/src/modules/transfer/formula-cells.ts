/**
 * Spreadsheet formula injection in exported files (OWASP, "CSV Injection"): a cell beginning with `=`, `+`, `-`, `@`,
 * a tab or a carriage return is run as a formula by Excel, LibreOffice and Google Sheets (`=HYPERLINK(…)`, DDE), and
 * a learner's own word or translation can be anything. Such a cell is written with a single quote in front, which a
 * spreadsheet shows as text. So that our own import reads the file back unchanged, the rule is reversible: the quote
 * is also added in front of a cell that already starts with quotes followed by one of those characters, and the
 * import removes exactly one leading quote from a cell of that shape (docs/decisions/0009-import-export.md).
 */
const NEEDS_QUOTE = /^'*[=+\-@\t\r]/;
const QUOTED = /^'+[=+\-@\t\r]/;

/** The cell as it is written to an export: a quote in front of anything a spreadsheet would run. */
export const spreadsheetSafe = (cell: string): string => (NEEDS_QUOTE.test(cell) ? `'${cell}` : cell);

/** The cell as an import reads it: the quote `spreadsheetSafe` added taken off again, and nothing else changed. */
export const fromSpreadsheetSafe = (cell: string): string => (QUOTED.test(cell) ? cell.slice(1) : cell);
