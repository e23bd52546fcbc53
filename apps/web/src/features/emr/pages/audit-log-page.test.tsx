import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/render.tsx';
import { API, auditEntry, paged, recordPatient, renderAt, signIn } from '../test/emr-fixtures.tsx';
import { AuditLogPage } from './audit-log-page.tsx';

const auditUrls = (calls: ReturnType<typeof mockApi>['mock']['calls']) =>
  calls.map(([u]) => new URL(String(u), 'http://x')).filter((u) => u.pathname === `${API}/audit/logs`);

async function pick(label: string, option: string) {
  const box = screen.getByRole('combobox', { name: label });
  fireEvent.click(box);
  const list = await waitFor(() => document.getElementById(box.getAttribute('aria-controls') ?? '')!);
  fireEvent.click(await within(list).findByRole('option', { name: option, hidden: true }));
}

describe('AuditLogPage', { timeout: 20_000 }, () => {
  it('shows Super Admin who did what, where, to whom and from where, filtered by action and patient', async () => {
    signIn('Super Admin');
    const fetchMock = mockApi({
      [`${API}/audit/logs`]: () =>
        paged(
          [
            auditEntry(),
            auditEntry({ id: 2, action: 'login', clinicId: null, patient: null }),
            auditEntry({ id: 3, action: 'visit.list', patient: null }),
            auditEntry({ id: 4, action: 'password.reset', clinicId: null, patient: null }),
          ],
          {
            limit: 50,
          },
        ),
      [`${API}/consultations/patients`]: () => paged([recordPatient()]),
    });
    renderAt(<AuditLogPage />, '/Setting/others', '/Setting/others');
    const table = await screen.findByRole('table', { name: 'Log audit' });
    const row = (await within(table).findByText('Mencetak surat')).closest('tr')!;
    expect(within(row).getByText('dr. Alexander Wijaya')).toBeInTheDocument();
    expect(within(row).getByText('Doctor')).toBeInTheDocument();
    expect(within(row).getByText('Klinik Pratama Klinikita Menteng')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Budi Hartono' })).toHaveAttribute('href', '/EMR/Detail/p1');
    expect(within(row).getByText('10.0.0.7')).toBeInTheDocument();
    // an action without a label shows its own name
    expect(within(table).getByText('Masuk')).toBeInTheDocument();
    // the actions this product writes read as the clinic says them (the visit lists, a password reset)
    expect(within(table).getByText('Membuka daftar kunjungan')).toBeInTheDocument();
    expect(within(table).getByText('Mengatur ulang password pengguna')).toBeInTheDocument();

    await pick('Aksi', 'Mencetak kunjungan');
    await waitFor(() =>
      expect(auditUrls(fetchMock.mock.calls).at(-1)!.searchParams.get('action')).toBe('encounter.print'),
    );

    // the patient is searched among the records, then picked
    const patient = screen.getByRole('combobox', { name: 'Pasien' });
    // Mantine takes typing only from the focused input (else it is autofill)
    patient.focus();
    fireEvent.change(patient, { target: { value: 'budi' } });
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([u]) => String(u).includes('search=budi'))).toBe(true),
    );
    const list = await waitFor(() => document.getElementById(patient.getAttribute('aria-controls') ?? '')!);
    fireEvent.click(
      await within(list).findByRole('option', { name: 'Tn. Budi Hartono · RM-10-000079', hidden: true }),
    );
    await waitFor(() =>
      expect(Object.fromEntries(auditUrls(fetchMock.mock.calls).at(-1)!.searchParams)).toEqual({
        action: 'encounter.print',
        patientId: 'p1',
        page: '1',
        limit: '50',
      }),
    );
  });

  it('tells anyone else the log is for Super Admin, without asking the server', async () => {
    signIn('Admin', ['/Setting/others']);
    const fetchMock = mockApi({});
    renderAt(<AuditLogPage />, '/Setting/others', '/Setting/others');
    expect(await screen.findByText('Log audit hanya dapat dibuka oleh Super Admin.')).toBeInTheDocument();
    expect(auditUrls(fetchMock.mock.calls)).toHaveLength(0);
  });

  it("shows the server's refusal", async () => {
    signIn('Applimetis');
    mockApi({
      [`${API}/audit/logs`]: () => ({
        status: 403,
        body: { status: false, message: 'Log audit hanya untuk Super Admin' },
      }),
    });
    renderAt(<AuditLogPage />, '/Setting/others', '/Setting/others');
    expect(await screen.findByText('Log audit hanya untuk Super Admin')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
