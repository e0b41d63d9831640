'use client';
// Light / dark / system choice; a radio group so it works by keyboard.
import { useTheme } from 'next-themes';
import { useEffect, useState } from 'react';

const OPTIONS = ['light', 'dark', 'system'] as const;

export function ThemeSwitcher() {
  const { theme, setTheme } = useTheme();
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return (
    <div role="radiogroup" aria-label="Theme" className="inline-flex rounded-full border border-border p-0.5 text-xs">
      {OPTIONS.map((option) => (
        <button
          key={option}
          type="button"
          role="radio"
          aria-checked={mounted && theme === option}
          onClick={() => setTheme(option)}
          className="rounded-full px-2.5 py-1 capitalize text-muted aria-checked:bg-subtle aria-checked:text-foreground"
        >
          {option}
        </button>
      ))}
    </div>
  );
}
