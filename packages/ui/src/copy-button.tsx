'use client';
// Copies a value (a token, an invitation link, a command) and says so for a moment, in words that
// screen readers announce. Falls back to selecting a hidden textarea where the Clipboard API is absent.
import { useEffect, useState } from 'react';
import { Button, type ButtonProps } from './button';

async function writeClipboard(text: string): Promise<void> {
  if (navigator.clipboard && window.isSecureContext) return navigator.clipboard.writeText(text);
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('Copy failed');
}

export interface CopyButtonProps extends Omit<ButtonProps, 'onClick' | 'children' | 'value'> {
  value: string;
  /** What is copied, for the accessible name: "Copy token". */
  label?: string;
  onCopyError?: (error: unknown) => void;
}

export function CopyButton({ value, label = 'Copy', onCopyError, size = 'small', ...props }: CopyButtonProps) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <Button
      size={size}
      {...props}
      onClick={() =>
        writeClipboard(value).then(
          () => setCopied(true),
          (error) => onCopyError?.(error),
        )
      }
    >
      <span aria-live="polite">{copied ? 'Copied' : label}</span>
    </Button>
  );
}
