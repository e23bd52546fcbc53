import type {
  TreatmentOptions,
  TreatmentVisit,
  TreatmentVisitItem,
} from '@klinikita/domain/treatment/treatment.schema';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../../shared/session/session-store.ts';
import { API, bodies, ok, plainClinic, stubEventSource, withModals } from '../../../test/lab-test-kit.tsx';
import { makeUser, mockApi, renderWithApp } from '../../../test/render.tsx';
import { TreatmentPage } from './treatment-page.tsx';

const item: TreatmentVisitItem = {
  registrationId: 't1',
  queueNumber: 'T-001',
  status: 'Waiting',
  arrivedAt: '2026-03-05T01:00:00.000Z',
  patient: { uid: 'p1', name: 'Siti Kurniawan', mrn: 'RM-10-000016', sex: 'F' },
  orderText: 'Nebulisasi',
  referrer: null,
  procedures: 0,
};
const visit = (over: Partial<TreatmentVisit> = {}): TreatmentVisit => ({
  registrationId: 't1',
  clinicId: 10,
  queueNumber: 'T-001',
  status: 'Waiting',
  patient: { uid: 'p1', name: 'Siti Kurniawan', mrn: 'RM-10-000016', allergies: 'Penisilin' },
  order: {
    doctorName: 'dr. Andi',
    clinicName: 'Klinik Menteng',
    diagnosis: 'J45 Asma',
    note: null,
    items: ['Nebulisasi'],
  },
  procedures: [],
  ...over,
});
const options: TreatmentOptions = {
  procedures: [
    { uid: 's-nebu', code: 'TND-NEBU', nameId: 'Nebulisasi', nameEn: 'Nebulisation', icd9Code: '93.94' },
  ],
  performers: [{ uid: 'u1', name: 'Siti Rahma' }],
};
const page = (docs: TreatmentVisitItem[]) => ({
  docs,
  page: 1,
  totalPages: 1,
  limit: 20,
  totalDocs: docs.length,
});

describe('TreatmentPage', { timeout: 20_000 }, () => {
  beforeEach(() => {
    stubEventSource();
    sessionStore.signIn(makeUser({ ClinicId: 10, clinics: [plainClinic] }));
  });

  it('lists the day’s visits and records a procedure with its catalogue item, code and consumables', async () => {
    const fetch = mockApi({
      [`${API}/treatment/visits`]: () => ok(page([item])),
      [`${API}/treatment/visits/t1`]: () => ok(visit()),
      [`${API}/treatment/options`]: () => ok(options),
      [`${API}/treatment/visits/t1/procedures`]: () =>
        ok(
          visit({
            procedures: [
              {
                uid: 'pr1',
                icd9Code: '93.94',
                name: 'Nebulisasi',
                serviceCode: 'TND-NEBU',
                consumables: [{ drugUid: null, name: 'Masker', quantity: 1, unit: 'pcs' }],
                notes: null,
                performedBy: 'Siti Rahma',
                performedAt: '2026-03-05T02:00:00.000Z',
                voided: null,
              },
            ],
          }),
        ),
    });
    renderWithApp(withModals(<TreatmentPage />), { route: '/Treatment?id=t1' });
    expect(await screen.findByText('T-001', { selector: 'td' })).toBeInTheDocument();
    expect(await screen.findByText('J45 Asma')).toBeInTheDocument();
    expect(screen.getByText('Penisilin')).toBeInTheDocument();
    const form = screen.getByRole('region', { name: 'Catat tindakan' });
    // no code: refused on the field, nothing sent
    fireEvent.click(within(form).getByRole('button', { name: 'Simpan tindakan' }));
    expect(await within(form).findByText('Pilih kode ICD-9-CM')).toBeInTheDocument();
    expect(bodies(fetch.mock.calls, 'treatment/visits/t1/procedures', 'POST')).toEqual([]);
    fireEvent.click(within(form).getByRole('button', { name: 'Tambah bahan' }));
    fireEvent.change(within(form).getByLabelText('Nama bahan 1'), { target: { value: 'Masker' } });
    fireEvent.change(within(form).getByLabelText('Satuan 1'), { target: { value: 'pcs' } });
    // the catalogue item brings its ICD-9-CM code
    const service = within(form).getByRole('combobox', { name: 'Layanan tindakan (katalog)' });
    await waitFor(() => expect(service).toBeEnabled());
    fireEvent.click(service);
    const list = await waitFor(() => document.getElementById(service.getAttribute('aria-controls') ?? '')!);
    fireEvent.click(await within(list).findByRole('option', { name: 'Nebulisasi (TND-NEBU)', hidden: true }));
    expect(await within(form).findByText('93.94')).toBeInTheDocument();
    fireEvent.click(within(form).getByRole('button', { name: 'Simpan tindakan' }));
    expect(await screen.findByText('Bahan: Masker 1 pcs')).toBeInTheDocument();
    const [body] = bodies(fetch.mock.calls, 'treatment/visits/t1/procedures', 'POST');
    expect(body).toMatchObject({
      icd9Code: '93.94',
      serviceUid: 's-nebu',
      performerUid: 'u1',
      consumables: [{ drugUid: null, name: 'Masker', quantity: 1, unit: 'pcs' }],
    });
    expect(body.requestKey).toMatch(/^[0-9a-f-]{36}$/);
  });
});
