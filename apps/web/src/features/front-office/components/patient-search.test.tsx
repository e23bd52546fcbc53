import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdAnswers } from '../../../test/held-answers.ts';
import { API, ok, summary } from '../../../test/patient-test-kit.ts';
import { mockApi, renderWithApp } from '../../../test/render.tsx';
import { PatientSearch } from './patient-search.tsx';

const page = (docs: ReturnType<typeof summary>[]) =>
  ok({ docs, page: 1, totalPages: 1, limit: 8, totalDocs: docs.length });
const budi = summary({ uid: 'p1', name: 'Budi Hartono' });
const budiman = summary({ uid: 'p2', name: 'Budiman Sujatmiko', mrn: 'RM-1-000002' });
const sri = summary({ uid: 'p3', name: 'Sri Wahyuni', title: 'Ny', mrn: 'RM-1-000003' });

function server() {
  return mockApi({
    [`${API}/patients`]: (_init, url) => {
      const search = url.searchParams.get('search') ?? '';
      return page([budi, budiman, sri].filter((p) => p.name.toLowerCase().includes(search)));
    },
  });
}

function renderSearch() {
  const onPick = vi.fn();
  const onNewPatient = vi.fn();
  renderWithApp(<PatientSearch inputRef={null} onPick={onPick} onNewPatient={onNewPatient} />);
  const box = screen.getByRole('combobox', { name: 'Cari pasien' });
  return { onPick, onNewPatient, box };
}

describe('PatientSearch (front office)', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('Enter before the answer to what is typed picks nobody; once the answer is in, its first row', async () => {
    const network = holdAnswers(server(), (u) => u.searchParams.get('search') === 'sri');
    const { onPick, box } = renderSearch();
    fireEvent.change(box, { target: { value: 'budi' } });
    expect(await screen.findByRole('option', { name: /Budi Hartono/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );

    // the rows on screen answer "budi"; the box says "sri"
    fireEvent.change(box, { target: { value: 'sri' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(network.asked).toHaveLength(1));
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onPick).not.toHaveBeenCalled();

    network.release();
    await waitFor(() => expect(onPick).toHaveBeenCalledTimes(1));
    expect(onPick).toHaveBeenCalledWith(expect.objectContaining({ uid: 'p3' }));
  });

  it('asks from the second letter, and aborts the request that the next key superseded', async () => {
    const answer = server();
    const held: string[] = [];
    const aborted: string[] = [];
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      const search = new URL(String(input), 'http://localhost').searchParams.get('search');
      // the answer to "bud" never comes: it ends only when the request is aborted
      if (search !== 'bud') return answer(input, init);
      held.push(search);
      return new Promise((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () => {
          aborted.push(search);
          reject(new DOMException('The user aborted a request.', 'AbortError'));
        }),
      );
    });
    const { onPick, box } = renderSearch();
    fireEvent.change(box, { target: { value: 'b' } });
    expect(answer).not.toHaveBeenCalled();
    fireEvent.change(box, { target: { value: 'bud' } });
    await waitFor(() => expect(held).toEqual(['bud']));
    fireEvent.change(box, { target: { value: 'budim' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(onPick).toHaveBeenCalledWith(expect.objectContaining({ uid: 'p2' })));
    expect(aborted).toEqual(['bud']);
    expect(answer.mock.calls.map(([u]) => new URL(String(u), 'http://x').searchParams.get('search'))).toEqual(
      ['budim'],
    );
  });

  it('a row moved to with ↓ before the answer is picked only if the answer holds it', async () => {
    const network = holdAnswers(server(), (u) => u.searchParams.get('search') === 'budim');
    const { onPick, onNewPatient, box } = renderSearch();
    fireEvent.change(box, { target: { value: 'budi' } });
    await screen.findByRole('option', { name: /Budiman Sujatmiko/ });
    fireEvent.change(box, { target: { value: 'budim' } });
    // ↓ on the older rows: Budiman; Enter waits for the answer to "budim", which still holds him
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(screen.getByRole('option', { name: /Budiman Sujatmiko/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await waitFor(() => expect(network.asked).toHaveLength(1));
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onPick).not.toHaveBeenCalled();
    network.release();
    await waitFor(() => expect(onPick).toHaveBeenCalledWith(expect.objectContaining({ uid: 'p2' })));
    expect(onNewPatient).not.toHaveBeenCalled();
  });

  it('a row moved to before the answer and missing from it: Enter picks nobody', async () => {
    const network = holdAnswers(server(), (u) => u.searchParams.get('search') === 'budim');
    const { onPick, onNewPatient, box } = renderSearch();
    fireEvent.change(box, { target: { value: 'budi' } });
    await screen.findByRole('option', { name: /Budiman Sujatmiko/ });
    fireEvent.change(box, { target: { value: 'budim' } });
    // Budi Hartono is highlighted on the older rows; the answer to "budim" does not hold him
    expect(screen.getByRole('option', { name: /Budi Hartono/ })).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    await waitFor(() => expect(network.asked).toHaveLength(1));
    fireEvent.keyDown(box, { key: 'Enter' });
    network.release();
    await waitFor(() => expect(screen.queryByRole('option', { name: /Budi Hartono/ })).toBeNull());
    expect(screen.getByRole('option', { name: /Budiman Sujatmiko/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(onPick).not.toHaveBeenCalled();
    expect(onNewPatient).not.toHaveBeenCalled();
    // Enter now acts on the answer on screen
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onPick).toHaveBeenCalledWith(expect.objectContaining({ uid: 'p2' }));
  });
});
