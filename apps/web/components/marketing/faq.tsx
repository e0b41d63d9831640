// Questions and answers as native disclosure widgets: keyboard-accessible with no JavaScript.
import type { ReactNode } from 'react';

export function Faq({ items }: { items: { question: string; answer: ReactNode }[] }) {
  return (
    <div className="divide-y divide-border rounded-xl border border-border">
      {items.map((item) => (
        <details key={item.question} className="group px-6 py-4">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-medium [&::-webkit-details-marker]:hidden">
            {item.question}
            <span aria-hidden="true" className="text-muted transition group-open:rotate-45">
              +
            </span>
          </summary>
          <div className="mt-3 text-sm leading-6 text-muted">{item.answer}</div>
        </details>
      ))}
    </div>
  );
}
