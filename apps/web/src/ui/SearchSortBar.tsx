import { Search } from 'lucide-react';
import type { ReactNode } from 'react';
import { Input, Select } from './Input.tsx';

/**
 * A list's search box and sort menu (`Search pages`, `Sort pages`), then whatever the list adds
 * (a favorites switch, a create button).
 */
export function SearchSortBar<Sort extends string>({
  noun,
  search,
  onSearch,
  sort,
  sorts,
  onSort,
  children,
}: {
  /** What the list holds, in the plural: it names the two controls. */
  noun: string;
  search: string;
  onSearch: (search: string) => void;
  sort: Sort;
  /** Each order's label, in the menu's order. */
  sorts: Record<Sort, string>;
  onSort: (sort: Sort) => void;
  children?: ReactNode;
}) {
  return (
    <div className="mb-3 flex flex-wrap items-center gap-2">
      <div className="relative w-64">
        <Search
          className="pointer-events-none absolute top-1/2 left-2.5 size-3.5 -translate-y-1/2 text-fg-subtle"
          aria-hidden
        />
        <Input
          type="search"
          aria-label={`Search ${noun}`}
          placeholder={`Search ${noun}`}
          value={search}
          onChange={(e) => onSearch(e.target.value)}
          className="h-8 pl-8"
        />
      </div>
      <div className="w-40">
        <Select
          aria-label={`Sort ${noun}`}
          value={sort}
          onChange={(e) => onSort(e.target.value as Sort)}
          className="h-8"
        >
          {(Object.keys(sorts) as Sort[]).map((key) => (
            <option key={key} value={key}>
              {sorts[key]}
            </option>
          ))}
        </Select>
      </div>
      {children}
    </div>
  );
}
