import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../../shared/session/session-store.ts';
import { makeUser, mockApi, renderWithApp } from '../../../test/render.tsx';
import { API, bodies, ok } from '../test/queue-test-kit.ts';
import { QueuePrefixesButton } from './queue-prefixes-modal.tsx';

const PREFIXES = { doctor: 'A', bpjs: 'B', LAB: 'L', RAD: 'R', MCU: 'M', TREATMENT: 'T', PHYSIO: 'F' };

describe('QueuePrefixesButton', () => {
  beforeEach(() => sessionStore.signIn(makeUser()));

  it('shows the clinic’s prefixes, checks them with the shared schema and saves', async () => {
    const fetchMock = mockApi({
      [`${API}/registrations/queue-prefixes`]: (init) =>
        init?.method === 'PUT'
          ? ok(JSON.parse(String(init.body)).prefixes, 'Awalan nomor antrean disimpan')
          : ok(PREFIXES),
    });
    renderWithApp(<QueuePrefixesButton clinicId={1} clinicName="Klinik Pratama Sehat" />);
    fireEvent.click(screen.getByRole('button', { name: 'Awalan antrean' }));
    const dialog = await screen.findByRole('dialog', { name: /Awalan nomor antrean/ });
    const lab = await within(dialog).findByRole('textbox', { name: 'Laboratorium' });
    expect(lab).toHaveValue('L');

    fireEvent.change(lab, { target: { value: 'l1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(await within(dialog).findByText('Awalan antrean 1–3 huruf A–Z')).toBeInTheDocument();
    expect(bodies(fetchMock.mock.calls, 'registrations/queue-prefixes', 'PUT')).toEqual([]);

    fireEvent.change(lab, { target: { value: 'lb' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    await waitFor(() =>
      expect(bodies(fetchMock.mock.calls, 'registrations/queue-prefixes', 'PUT')).toEqual([
        { clinicId: 1, prefixes: { ...PREFIXES, LAB: 'LB' } },
      ]),
    );
    expect(await screen.findByText('Awalan nomor antrean disimpan')).toBeInTheDocument();
  });
});
