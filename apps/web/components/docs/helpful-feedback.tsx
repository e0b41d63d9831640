'use client';
// "Was this page helpful?" at the end of each docs page. A yes is the docs search's conversion:
// search-insights ties it to the search that led here, if one did.
import { useState } from 'react';
import { trackConversion } from './search-analytics';

export function HelpfulFeedback({ objectID }: { objectID: string }) {
  const [answer, setAnswer] = useState<'yes' | 'no' | null>(null);
  if (answer) {
    return (
      <p role="status" className="text-sm text-muted">
        {answer === 'yes'
          ? 'Thanks! Glad it helped.'
          : 'Thanks for telling us. We read every answer when we revise the docs.'}
      </p>
    );
  }
  const choose = (value: 'yes' | 'no') => {
    if (value === 'yes') trackConversion(objectID);
    setAnswer(value);
  };
  return (
    <div className="flex items-center gap-3 text-sm">
      <span id="helpful-label" className="text-muted">
        Was this page helpful?
      </span>
      <div role="group" aria-labelledby="helpful-label" className="flex gap-2">
        <button
          type="button"
          onClick={() => choose('yes')}
          className="rounded-md border border-border px-3 py-1 hover:bg-subtle"
        >
          Yes
        </button>
        <button
          type="button"
          onClick={() => choose('no')}
          className="rounded-md border border-border px-3 py-1 hover:bg-subtle"
        >
          No
        </button>
      </div>
    </div>
  );
}
