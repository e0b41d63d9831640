'use client';
// Full-text search of the docs, guides and help. The index is built at build time
// (/docs/search-index.json) and, with minisearch, loaded only when the box gets focus. Keyboard:
// "/" or Ctrl/⌘+K focuses it, arrows move through results, Enter opens one, Escape closes.
// Views and clicks go to search analytics (search-analytics.ts).
import type MiniSearch from 'minisearch';
import { useRouter } from 'next/navigation';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { newQueryId, trackClick, trackView } from './search-analytics';
import { MINISEARCH_OPTIONS, SEARCH_INDEX_URL, type SearchDocument, type SearchHit } from './search-config';

const MAX_HITS = 8;
const VIEW_AFTER_MS = 800;
let index: Promise<MiniSearch<SearchDocument>> | undefined;

function loadIndex() {
  index ??= Promise.all([import('minisearch'), fetch(SEARCH_INDEX_URL).then((res) => res.text())]).then(
    ([{ default: Search }, json]) => Search.loadJSON<SearchDocument>(json, MINISEARCH_OPTIONS),
  );
  return index;
}

function isTyping(target: EventTarget | null) {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

export function SearchBox() {
  const router = useRouter();
  const input = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<{ queryID: string; hits: SearchHit[] }>({ queryID: '', hits: [] });
  const [active, setActive] = useState(0);
  const [open, setOpen] = useState(false);
  const viewed = useRef('');

  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (
        (event.key === '/' && !isTyping(event.target)) ||
        ((event.metaKey || event.ctrlKey) && event.key.toLowerCase() === 'k')
      ) {
        event.preventDefault();
        input.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  useEffect(() => {
    let current = true;
    if (!query.trim()) {
      setResults({ queryID: '', hits: [] });
      return;
    }
    loadIndex().then((search) => {
      if (!current) return;
      const hits = search.search(query).slice(0, MAX_HITS) as unknown as SearchHit[];
      setResults({
        queryID: newQueryId(),
        hits: hits.map(({ id, title, section, description }) => ({ id, title, section, description })),
      });
      setActive(0);
    });
    return () => {
      current = false;
    };
  }, [query]);

  const sendView = () => {
    if (!results.hits.length || viewed.current === results.queryID) return;
    viewed.current = results.queryID;
    trackView(
      results.queryID,
      results.hits.map((hit) => hit.id),
    );
  };

  // A result list counts as viewed once it has stayed on screen for a moment (or was clicked).
  useEffect(() => {
    const timer = setTimeout(sendView, VIEW_AFTER_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [results]);

  const choose = (position: number) => {
    const hit = results.hits[position];
    if (!hit) return;
    sendView();
    trackClick(results.queryID, hit.id, position + 1);
    setOpen(false);
    setQuery('');
    input.current?.blur();
    router.push(hit.id);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = results.hits.length;
    if (event.key === 'ArrowDown' && count) setActive((active + 1) % count);
    else if (event.key === 'ArrowUp' && count) setActive((active - 1 + count) % count);
    else if (event.key === 'Enter') choose(active);
    else if (event.key === 'Escape') query ? setQuery('') : input.current?.blur();
    else return;
    event.preventDefault();
  };

  const expanded = open && query.trim() !== '';
  return (
    <div className="relative">
      <label htmlFor="docs-search" className="sr-only">
        Search the documentation
      </label>
      <input
        ref={input}
        id="docs-search"
        type="search"
        role="combobox"
        aria-expanded={expanded}
        aria-controls="docs-search-results"
        aria-autocomplete="list"
        aria-activedescendant={expanded && results.hits[active] ? `docs-hit-${active}` : undefined}
        autoComplete="off"
        placeholder="Search docs…"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        onFocus={() => {
          void loadIndex();
          setOpen(true);
        }}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        className="h-9 w-full rounded-md border border-border bg-background pl-3 pr-10 text-sm outline-none placeholder:text-muted focus:border-foreground"
      />
      <kbd
        aria-hidden="true"
        className="pointer-events-none absolute right-2 top-2 rounded border border-border px-1.5 font-mono text-xs text-muted"
      >
        /
      </kbd>
      {expanded && (
        <ul
          id="docs-search-results"
          role="listbox"
          aria-label="Search results"
          className="absolute left-0 right-0 top-11 z-50 max-h-96 overflow-y-auto rounded-lg border border-border bg-background p-1 shadow-xl sm:w-[28rem]"
        >
          {results.hits.map((hit, position) => (
            <li
              key={hit.id}
              id={`docs-hit-${position}`}
              role="option"
              aria-selected={position === active}
              onMouseDown={(event) => event.preventDefault()}
              onMouseEnter={() => setActive(position)}
              onClick={() => choose(position)}
              className="cursor-pointer rounded-md px-3 py-2 aria-selected:bg-subtle"
            >
              <span className="block text-sm font-medium">{hit.title}</span>
              <span className="block text-xs text-muted">
                {hit.section} · {hit.description}
              </span>
            </li>
          ))}
          {results.hits.length === 0 && <li className="px-3 py-2 text-sm text-muted">No pages match “{query}”.</li>}
        </ul>
      )}
    </div>
  );
}
