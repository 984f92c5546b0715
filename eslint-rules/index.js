// The project's own lint rules, as one plugin (eslint.config.js names it `architecture`).
import { noCardTableWrites } from './no-card-table-writes.js';
import { noImportCycles } from './no-import-cycles.js';

export default { rules: { 'no-import-cycles': noImportCycles, 'no-card-table-writes': noCardTableWrites } };
