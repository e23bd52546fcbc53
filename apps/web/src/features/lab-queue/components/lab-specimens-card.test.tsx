import type { LabSpecimen, LabVisitSpecimens } from '@klinikita/domain/lab/lab-specimens.schema';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../../shared/session/session-store.ts';
import { API, bodies, mcuClinic, ok, withModals } from '../../../test/lab-test-kit.tsx';
import { DEMO_SCREENS, withScreens } from '../../../test/menu-grants.ts';
import { makeUser, mockApi, renderWithApp } from '../../../test/render.tsx';
import { LabSpecimensCard } from './lab-specimens-card.tsx';

const VISIT = `${API}/lab-specimens/visits/r1`;
const at = '2026-03-05T03:00:00.000Z';

const specimen = (over: Partial<LabSpecimen>): LabSpecimen => ({
  uid: 's1',
  barcode: 'L0112603050001',
  container: 'edta',
  specimen: 'wholeBlood',
  status: 'labelled',
  tests: ['Darah Lengkap'],
  labelled: { name: 'Maya', at },
  collected: null,
  received: null,
  rejected: null,
  rejectReason: null,
  replacesBarcode: null,
  ...over,
});
const answer = (specimens: LabSpecimen[], samplingDone = false): LabVisitSpecimens => ({
  registrationId: 'r1',
  samplingDone,
  specimens,
  rejectionReasons: [{ code: 'HEMOLISIS', nameId: 'Sampel hemolisis', nameEn: 'Haemolysed sample' }],
});

const labUser = () =>
  makeUser({ ClinicId: 11, clinics: [mcuClinic], ...withScreens('Lab', DEMO_SCREENS.Lab) });
const renderCard = () => renderWithApp(withModals(<LabSpecimensCard registrationId="r1" />));

describe('LabSpecimensCard', { timeout: 20_000 }, () => {
  beforeEach(() => sessionStore.signIn(labUser()));

  it('offers to make the labels when there are none, and shows the containers the server made', async () => {
    const made = answer([
      specimen({}),
      specimen({
        uid: 's2',
        barcode: 'L0112603050002',
        container: 'plain',
        tests: ['Glukosa Darah Sewaktu'],
      }),
    ]);
    const api = mockApi({
      [VISIT]: () => ok(answer([])),
      [`${VISIT}/label`]: () => ok(made, 'Label sampel dibuat'),
    });
    renderCard();
    await screen.findByText(/Belum ada label sampel/);
    fireEvent.click(screen.getByRole('button', { name: 'Buat label' }));
    const rows = await screen.findAllByTestId('specimen-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByText('EDTA (ungu)')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Glukosa Darah Sewaktu')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cetak label' })).toHaveAttribute(
      'href',
      `${API}/lab-specimens/visits/r1/labels?layout=label`,
    );
    expect(api.mock.calls.filter(([u]) => String(u) === `${VISIT}/label`)).toHaveLength(1);
  });

  it('collects a labelled container and receives a collected one', async () => {
    const api = mockApi({
      [VISIT]: () =>
        ok(
          answer([
            specimen({}),
            specimen({ uid: 's2', container: 'plain', status: 'collected', collected: { name: 'Maya', at } }),
          ]),
        ),
      [`${VISIT}/specimens/s1/collect`]: () =>
        ok(answer([specimen({ status: 'collected', collected: { name: 'Maya', at } })]), 'Sampel diambil'),
      [`${VISIT}/specimens/s2/receive`]: () => ok(answer([]), 'Sampel diterima'),
    });
    renderCard();
    const rows = await screen.findAllByTestId('specimen-row');
    fireEvent.click(within(rows[1]).getByRole('button', { name: 'Sampel diterima' }));
    fireEvent.click(within(rows[0]).getByRole('button', { name: 'Sampel diambil' }));
    await waitFor(() => expect(api.mock.calls.some(([u]) => String(u).endsWith('/s1/collect'))).toBe(true));
    expect(api.mock.calls.some(([u]) => String(u).endsWith('/s2/receive'))).toBe(true);
  });

  it('asks for a reason before rejecting, then sends the listed reason; the rejected one shows in the history', async () => {
    const rejected = specimen({
      status: 'rejected',
      collected: { name: 'Maya', at },
      rejected: { name: 'Maya', at },
      rejectReason: 'Sampel hemolisis',
    });
    const api = mockApi({
      [VISIT]: () => ok(answer([specimen({ status: 'collected', collected: { name: 'Maya', at } })])),
      [`${VISIT}/specimens/s1/reject`]: () =>
        ok(
          answer([
            specimen({ uid: 's3', barcode: 'L0112603050003', replacesBarcode: 'L0112603050001' }),
            rejected,
          ]),
        ),
    });
    renderCard();
    const [row] = await screen.findAllByTestId('specimen-row');
    fireEvent.click(within(row).getByRole('button', { name: 'Tolak sampel' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Tolak sampel' }));
    expect(
      await within(dialog).findByText('Pilih alasan penolakan atau tulis alasannya'),
    ).toBeInTheDocument();
    expect(bodies(api.mock.calls, 'lab-specimens/visits/r1/specimens/s1/reject', 'POST')).toEqual([]);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Alasan lain / keterangan' }), {
      target: { value: 'Warna merah' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Tolak sampel' }));
    await waitFor(() =>
      expect(bodies(api.mock.calls, 'lab-specimens/visits/r1/specimens/s1/reject', 'POST')).toEqual([
        { reasonCode: null, reason: 'Warna merah' },
      ]),
    );
    const history = await screen.findByTestId('specimen-history');
    expect(history).toHaveTextContent('Sampel hemolisis');
    expect(screen.getByText('Pengganti L0112603050001')).toBeInTheDocument();
  });
});
