import type { RadiologyReport, RadiologyWork } from '@klinikita/domain/radiology/radiology.schema';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../../shared/session/session-store.ts';
import { API, bodies, mcuClinic, ok, withModals } from '../../../test/lab-test-kit.tsx';
import { DEMO_SCREENS, withScreens } from '../../../test/menu-grants.ts';
import { makeUser, mockApi, renderWithApp } from '../../../test/render.tsx';
import { RadiologyWorkPanel } from './radiology-work-panel.tsx';

const WORK = `${API}/radiology/visits/r1`;
const at = '2026-03-05T03:00:00.000Z';

const report = (over: Partial<RadiologyReport> = {}): RadiologyReport => ({
  uid: 'rep1',
  version: 1,
  status: 'draft',
  template: null,
  clinicalInfo: 'Batuk 3 minggu',
  findings: null,
  impression: null,
  amendmentReason: null,
  written: null,
  signed: null,
  replacedAt: null,
  ...over,
});

const work = (over: Partial<RadiologyWork> = {}): RadiologyWork => ({
  registrationId: 'r1',
  clinicId: 11,
  queueNumber: 'R-003',
  patient: { uid: 'p1', name: 'Budi Hartono', mrn: 'RM-11-000001', sex: 'M', dob: '1990-05-15' },
  accessionNumber: 'RAD-11-20260305-0003',
  modality: 'CR',
  examination: 'Foto Thorax PA',
  order: {
    items: ['Foto Thorax PA'],
    doctorName: 'dr. Andi',
    clinicName: 'Klinik Menteng',
    diagnosis: 'R05 Batuk',
    note: 'Mohon cito',
    cito: true,
  },
  report: report(),
  history: [],
  images: [],
  ...over,
});

const radUser = () =>
  makeUser({ ClinicId: 11, clinics: [mcuClinic], ...withScreens('Radiologi', DEMO_SCREENS.Radiologi) });
const renderPanel = () => renderWithApp(withModals(<RadiologyWorkPanel registrationId="r1" />));

describe('RadiologyWorkPanel', { timeout: 20_000 }, () => {
  beforeEach(() => sessionStore.signIn(radUser()));

  it('shows the order with its accession, modality and cito; the MCU template fills the report; saved in one call', async () => {
    let current = work();
    const fetchMock = mockApi({
      [WORK]: () => ok(current),
      [`${WORK}/report`]: (init) => {
        const body = JSON.parse(String(init?.body));
        current = work({ report: report({ ...body, written: { name: 'Dimas', at } }) });
        return ok(current, 'Laporan radiologi disimpan');
      },
    });
    renderPanel();
    const order = await screen.findByTestId('radiology-order');
    expect(within(order).getByText('RAD-11-20260305-0003')).toBeInTheDocument();
    expect(within(order).getByText('Rontgen (CR)')).toBeInTheDocument();
    expect(within(order).getByText('CITO')).toBeInTheDocument();
    expect(within(order).getByText('Mohon cito')).toBeInTheDocument();
    expect(screen.getByTestId('report-status')).toHaveTextContent('Belum ada laporan');
    expect(screen.getByRole('button', { name: 'Simpan' })).toBeDisabled();

    fireEvent.click(screen.getByRole('button', { name: 'Pakai templat' }));
    const findings = screen.getByRole('textbox', { name: 'Temuan' }) as HTMLTextAreaElement;
    expect(findings.value).toContain('Cor tidak membesar');
    expect((screen.getByRole('textbox', { name: 'Kesan' }) as HTMLTextAreaElement).value).toBe(
      'Cor dan pulmo dalam batas normal.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    await screen.findByText('Laporan radiologi disimpan');
    expect(bodies(fetchMock.mock.calls, 'radiology/visits/r1/report', 'PUT')).toEqual([
      {
        version: 1,
        template: 'chestMcu',
        clinicalInfo: 'Batuk 3 minggu',
        findings: expect.stringContaining('Foto Toraks PA:'),
        impression: 'Cor dan pulmo dalam batas normal.',
      },
    ]);
    await waitFor(() => expect(screen.getByTestId('report-status')).toHaveTextContent('Draf'));
  });

  it('does not ask to sign while the impression is empty', async () => {
    mockApi({
      [WORK]: () => ok(work({ report: report({ findings: 'Cor normal', written: { name: 'Dimas', at } }) })),
      [`${WORK}/sign`]: () => ({
        status: 409,
        body: { status: false, message: 'Belum dapat ditandatangani: kesan belum diisi' },
      }),
    });
    renderPanel();
    await screen.findByTestId('radiology-report');
    fireEvent.click(screen.getByRole('button', { name: 'Tandatangani' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Isi temuan dan kesan sebelum menandatangani.',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows a signed report read-only with its PDF and amendment, and the replaced version', async () => {
    mockApi({
      [WORK]: () =>
        ok(
          work({
            report: report({
              version: 2,
              status: 'signed',
              findings: 'Cor normal',
              impression: 'Normal. Tidak tampak TB aktif.',
              amendmentReason: 'Kesan dilengkapi',
              written: { name: 'Dimas', at },
              signed: { name: 'Dimas Prasetyo', at },
            }),
            history: [
              report({
                version: 1,
                status: 'replaced',
                findings: 'Cor normal',
                impression: 'Normal',
                signed: { name: 'Dimas Prasetyo', at },
                replacedAt: at,
              }),
            ],
          }),
        ),
    });
    renderPanel();
    const panel = await screen.findByTestId('radiology-report');
    expect(within(panel).getByTestId('report-status')).toHaveTextContent('Ditandatangani');
    expect(within(panel).getByText('Laporan diubah: Kesan dilengkapi')).toBeInTheDocument();
    expect(within(panel).getByRole('textbox', { name: 'Temuan' })).toHaveAttribute('readonly');
    expect(within(panel).getByRole('link', { name: 'PDF laporan' })).toHaveAttribute(
      'href',
      `${API}/radiology/visits/r1/pdf`,
    );
    expect(within(panel).getByRole('button', { name: 'Ubah laporan' })).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Tandatangani' })).toBeNull();
    const history = screen.getByTestId('radiology-history');
    expect(within(history).getByText('Versi 1')).toBeInTheDocument();
    expect(within(history).getByText('Diganti')).toBeInTheDocument();
  });
});
