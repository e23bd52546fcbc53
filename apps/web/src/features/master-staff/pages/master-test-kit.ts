import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { mockApi } from '../../../test/render.tsx';

export const API = '/api/clinic/v1';
export const ok = (data?: unknown, message = 'OK') => ({ body: { status: true, message, data } });

type Calls = ReturnType<typeof mockApi>['mock']['calls'];

/** The URLs called on `path` (under the API base), with their query strings. */
export const urls = (calls: Calls, path: string) =>
  calls.map(([u]) => new URL(String(u), 'http://x')).filter((u) => u.pathname === `${API}/${path}`);

/** The JSON bodies sent to `path` with `method`. */
export const bodies = (calls: Calls, path: string, method: string) =>
  calls
    .filter(([u, init]) => String(u).split('?')[0] === `${API}/${path}` && init?.method === method)
    .map(([, init]) => JSON.parse(String(init?.body)));

export const input = (label: RegExp | string) =>
  screen.getByRole('textbox', { name: label }) as HTMLInputElement;
export const type = (label: RegExp | string, value: string) =>
  fireEvent.change(input(label), { target: { value } });

/** Opens a Mantine select and clicks an option of its own list (other selects keep theirs mounted). */
export async function pick(label: RegExp, option: string) {
  const box = screen.getByRole('combobox', { name: label });
  fireEvent.click(box);
  const list = await waitFor(() => document.getElementById(box.getAttribute('aria-controls') ?? '')!);
  fireEvent.click(within(list).getByRole('option', { name: option, hidden: true }));
}
