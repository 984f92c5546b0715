import type { ReactNode } from 'react';

/** A table's header row: a column heading for each entry, left to right. */
export function ColumnHeads({ columns }: { columns: readonly ReactNode[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column, i) => (
          // The columns are fixed for the table: their place is their identity.
          <th key={i} scope="col">
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}
