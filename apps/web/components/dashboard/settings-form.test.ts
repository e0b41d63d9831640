// @vitest-environment jsdom
// The shared settings card: Save only for people who may edit, only once something changed, and the
// team URL field lowers what is typed, as every settings form and the create-team form rely on.

import { act, createElement, type FormEvent } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SettingsForm, type SettingsFormProps } from './settings-form';
import { SlugField } from './team/slug-field';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let host: HTMLElement;

beforeEach(() => {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});

afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

function renderForm(props: Partial<SettingsFormProps> = {}) {
  const onSubmit = vi.fn((event: FormEvent<HTMLFormElement>) => event.preventDefault());
  act(() =>
    root.render(
      createElement(SettingsForm, {
        id: 'team-name',
        title: 'Team name',
        description: 'The name everyone sees.',
        note: 'Use 256 characters at most.',
        onSubmit,
        saving: false,
        dirty: true,
        children: createElement('input', { 'aria-label': 'Team name' }),
        ...props,
      }),
    ),
  );
  return onSubmit;
}

const save = () => [...host.querySelectorAll('button')].find((b) => b.textContent?.includes('Save'));

describe('SettingsForm', () => {
  it('titles the card, shows the note and submits with Save', () => {
    const onSubmit = renderForm();
    expect(host.querySelector('section#team-name h2')?.textContent).toBe('Team name');
    expect(host.textContent).toContain('Use 256 characters at most.');
    act(() => save()!.click());
    expect(onSubmit).toHaveBeenCalledOnce();
  });

  it('has no Save for someone who may not edit', () => {
    renderForm({ canEdit: false });
    expect(save()).toBeUndefined();
  });

  it('keeps Save disabled until something changed', () => {
    renderForm({ dirty: false });
    expect(save()!.disabled).toBe(true);
  });
});

describe('SlugField', () => {
  it('shows the host before the slug and lowers what is typed', () => {
    const onChange = vi.fn();
    act(() => root.render(createElement(SlugField, { host: 'nimbus.example', value: '', onChange })));
    expect(host.textContent).toContain('nimbus.example/');
    const input = host.querySelector('input')!;
    expect(host.querySelector(`label[for="${input.id}"]`)?.textContent).toBe('Team URL');
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    act(() => {
      setValue.call(input, 'Acme-Cafe');
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(onChange).toHaveBeenCalledWith('acme-cafe');
  });
});
