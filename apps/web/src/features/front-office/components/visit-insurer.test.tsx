import type { Insurer } from '@klinikita/domain/insurers/insurer.schema';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API, bodies, ok, summary } from '../../../test/patient-test-kit.ts';
import { mockApi, renderWithApp } from '../../../test/render.tsx';
import { details, doctor, page, registration } from '../test/front-office-fixtures.ts';
import { VisitForm } from './visit-form.tsx';

/**
 * The insurer part of the visit form (issue 18 §6): the insurer picked from the master, the member
 * number from the record, the eligibility noted; BPJS preselected when the corporate has one; a
 * cash visit asks nothing of it.
 */

const insurer = (overrides: Partial<Insurer>): Insurer => ({
  uid: 'i-adm',
  name: 'AdMedika (TPA)',
  code: 'ADM',
  kind: 'tpa',
  contactName: null,
  phone: null,
  email: null,
  address: null,
  paymentTermDays: 30,
  ceilingPerVisit: null,
  ceilingPerYear: null,
  copayType: 'none',
  copayValue: 0,
  excludedGroups: [],
  active: true,
  ...overrides,
});
const MASTER = [
  insurer({}),
  insurer({ uid: 'i-sentosa', name: 'Asuransi Sentosa', code: 'ASN', kind: 'insurer' }),
  insurer({ uid: 'i-bpjs', name: 'BPJS Kesehatan', code: 'BPJS', kind: 'bpjs' }),
];

function serve() {
  return mockApi({
    [`${API}/insurers`]: () => page(MASTER),
    [`${API}/registrations/doctors/available`]: () => ok([doctor()]),
    [`${API}/registrations/companies`]: () => ok([]),
    [`${API}/registrations/registrations`]: () => ok(registration(), 'Pendaftaran berhasil'),
  });
}

function renderForm(payer: Parameters<typeof details>[0]) {
  const patient = summary({ payerType: payer?.payerType ?? 'self' });
  renderWithApp(
    <VisitForm
      clinicId={1}
      patient={patient}
      details={details(payer)}
      keysEnabled
      serviceRef={createRef()}
      onPatientMissing={vi.fn()}
      onRegistered={vi.fn()}
    />,
  );
}

const field = (name: string | RegExp) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const insurerPick = (name: RegExp) => screen.findByRole('combobox', { name }) as Promise<HTMLInputElement>;

describe('VisitForm: the insurer of an insured visit', { timeout: 30_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('picks the insurer on record, notes the eligibility and sends both', async () => {
    const fetchMock = serve();
    renderForm({ payerType: 'insurance', insuranceName: 'admedika (tpa)', insuranceNumber: 'MBR-01' });
    // the record's insurer is matched in the master, its member number filled
    const pick = await insurerPick(/Penjamin \(asuransi \/ TPA\)/);
    await waitFor(() => expect(pick.value).toBe('AdMedika (TPA) (ADM)'));
    expect(field('No. polis / kartu').value).toBe('MBR-01');
    expect(screen.queryByRole('textbox', { name: 'Nama asuransi' })).toBeNull();
    // eligibility not checked yet: only the yes/no is asked
    expect(screen.getByRole('radio', { name: 'Belum' })).toBeChecked();
    expect(screen.queryByRole('textbox', { name: 'No. jaminan / referensi' })).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Sudah' }));
    expect(screen.getByRole('radio', { name: 'Eligibel' })).toBeChecked();
    fireEvent.change(field('No. jaminan / referensi'), { target: { value: 'GL-778899' } });
    fireEvent.change(field('Plafon dijamin'), { target: { value: '1500000' } });
    fireEvent.change(field('Catatan'), { target: { value: 'Rawat jalan saja' } });
    fireEvent.click(await screen.findByRole('radio', { name: 'dr. Andi Wijaya' }));
    fireEvent.click(screen.getByRole('button', { name: /Daftar/ }));

    await waitFor(() =>
      expect(bodies(fetchMock.mock.calls, 'registrations/registrations', 'POST')).toHaveLength(1),
    );
    expect(bodies(fetchMock.mock.calls, 'registrations/registrations', 'POST')[0]).toMatchObject({
      payerType: 'insurance',
      insurerUid: 'i-adm',
      insuranceNumber: 'MBR-01',
      eligibility: {
        status: 'eligible',
        reference: 'GL-778899',
        coveredAmount: 1_500_000,
        note: 'Rawat jalan saja',
      },
    });
    expect(bodies(fetchMock.mock.calls, 'registrations/registrations', 'POST')[0]).not.toHaveProperty(
      'insuranceName',
    );
  });

  it('asks for the insurer when none on record matches, searching the master', async () => {
    const fetchMock = serve();
    renderForm({ payerType: 'insurance', insuranceName: 'Asuransi Lama', insuranceNumber: null });
    const pick = await insurerPick(/Penjamin \(asuransi \/ TPA\)/);
    expect(pick.value).toBe('');
    fireEvent.click(await screen.findByRole('radio', { name: 'dr. Andi Wijaya' }));
    fireEvent.click(screen.getByRole('button', { name: /Daftar/ }));
    expect(await screen.findByText('Penjamin wajib dipilih')).toBeInTheDocument();
    expect(bodies(fetchMock.mock.calls, 'registrations/registrations', 'POST')).toEqual([]);
    // only insurers and TPAs are offered for an insurance visit
    fireEvent.click(pick);
    const list = await waitFor(() => document.getElementById(pick.getAttribute('aria-controls') ?? '')!);
    expect(within(list).queryByRole('option', { name: /BPJS/, hidden: true })).toBeNull();
    fireEvent.change(pick, { target: { value: 'sent' } });
    fireEvent.click(
      await within(list).findByRole('option', { name: 'Asuransi Sentosa (ASN)', hidden: true }),
    );
    fireEvent.click(screen.getByRole('button', { name: /Daftar/ }));
    await waitFor(() =>
      expect(bodies(fetchMock.mock.calls, 'registrations/registrations', 'POST')).toHaveLength(1),
    );
    const [body] = bodies(fetchMock.mock.calls, 'registrations/registrations', 'POST');
    expect(body).toMatchObject({ insurerUid: 'i-sentosa' });
    expect(body).not.toHaveProperty('eligibility');
  });

  it('preselects the corporate’s only BPJS for a BPJS visit', async () => {
    serve();
    renderForm({ payerType: 'bpjs', insuranceNumber: '0001234567890' });
    const pick = await insurerPick(/Penjamin BPJS/);
    await waitFor(() => expect(pick.value).toBe('BPJS Kesehatan (BPJS)'));
    expect(field('No. kartu BPJS').value).toBe('0001234567890');
  });

  it('shows nothing of it and asks no insurer for a cash visit', async () => {
    const fetchMock = serve();
    renderForm({ payerType: 'self' });
    await screen.findByRole('radio', { name: 'dr. Andi Wijaya' });
    expect(screen.queryByRole('combobox', { name: /Penjamin/ })).toBeNull();
    expect(screen.queryByText('Eligibilitas sudah dicek?')).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/insurers'))).toBe(false);
  });
});
