import type { Encounter } from '@klinikita/domain/consultations/encounter.schema';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ENCOUNTERS_URL, encounterOf } from '../test/encounter-fixtures.ts';
import { field, open, part, pickDiagnosis, ready, type } from '../test/examination-page.tsx';
import { doctorUser, reg, signIn, stubEventSource } from '../test/queue-fixtures.tsx';

describe('Examination workspace: finishing, templates, history', { timeout: 40_000 }, () => {
  beforeEach(() => {
    stubEventSource();
    signIn(doctorUser());
  });

  it('finishing asks for a primary diagnosis, lists what will happen, saves first, then finishes with the version', async () => {
    const { server, fetchMock } = open();
    await ready();
    const banner = screen.getByRole('region', { name: 'Tn. Budi Hartono' });
    fireEvent.click(within(banner).getByRole('button', { name: 'Selesai Periksa' }));
    expect(
      await screen.findByText('Tentukan satu diagnosis utama sebelum menyelesaikan pemeriksaan'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await pickDiagnosis('J06', /^J06\.9 /);
    expect(
      screen.queryByText('Tentukan satu diagnosis utama sebelum menyelesaikan pemeriksaan'),
    ).not.toBeInTheDocument();
    const lab = within(part('orders')).getByRole('group', { name: 'Laboratorium' });
    fireEvent.click(within(lab).getByRole('checkbox', { name: 'Darah Lengkap' }));

    // Ctrl+Enter from inside a field opens the same confirmation, before the autosave has run
    fireEvent.keyDown(field('Rencana', 'soap'), { key: 'Enter', ctrlKey: true });
    const dialog = await screen.findByRole('dialog', { name: 'Selesaikan pemeriksaan' });
    const summary = within(dialog).getByTestId('finish-summary');
    expect(summary).toHaveTextContent('Pemeriksaan A-007 Tn. Budi Hartono akan diselesaikan:');
    expect(summary).toHaveTextContent('Catatan ditandatangani dan dikunci');
    expect(summary).toHaveTextContent('Tanpa resep: pasien langsung ke kasir.');
    expect(summary).toHaveTextContent('Laboratorium: Darah Lengkap — masuk antrean layanan.');
    expect(server.finishes).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ya, selesai & tandatangani' }));

    const outcome = await screen.findByTestId('finish-outcome');
    expect(outcome).toHaveTextContent('Pasien diteruskan ke kasir (status Pembayaran).');
    expect(outcome).toHaveTextContent('LAB-001');
    expect(within(outcome).getByRole('button', { name: /Panggil berikutnya/ })).toBeInTheDocument();
    // the pending draft went first, and finish named the version it answered
    const writes = fetchMock.mock.calls
      .filter(([u, init]) => String(u).startsWith(`${ENCOUNTERS_URL}/`) && init?.method !== 'GET')
      .map(([u, init]) => `${init?.method} ${String(u).slice(ENCOUNTERS_URL.length)}`);
    expect(writes.at(-1)).toBe(`POST /${server.current().uid}/finish`);
    expect(writes.at(-2)).toBe(`PUT /${server.current().uid}`);
    expect(server.finishes[0]).toEqual({ version: server.puts.length + 1 });
    expect(server.puts.at(-1)?.orders).toEqual([
      { serviceType: 'LAB', items: ['Darah Lengkap'], note: null },
    ]);
    // then the signed note shows read-only
    expect(await screen.findByRole('region', { name: /Catatan pemeriksaan/ })).toHaveTextContent(
      'Ditandatangani',
    );
    expect(document.getElementById('exam-diagnoses')).toBeNull();
  });

  it('shows the server’s refusal to finish next to the diagnoses', async () => {
    const { server } = open({
      onFinish: () => ({
        status: 400,
        body: {
          status: false,
          message: 'Data yang dikirim tidak valid',
          errors: [{ path: 'diagnoses', message: 'Diagnosis utama ditolak server' }],
        },
      }),
    });
    await ready();
    await pickDiagnosis('J06', /^J06\.9 /);
    const banner = screen.getByRole('region', { name: 'Tn. Budi Hartono' });
    fireEvent.click(within(banner).getByRole('button', { name: 'Selesai Periksa' }));
    const dialog = await screen.findByRole('dialog', { name: 'Selesaikan pemeriksaan' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ya, selesai & tandatangani' }));
    expect(await screen.findByText('Diagnosis utama ditolak server')).toBeInTheDocument();
    expect(server.finishes).toHaveLength(1);
    expect(screen.queryByTestId('finish-outcome')).not.toBeInTheDocument();
  });

  it('a template fills SOAP, diagnoses and prescription without wiping the vitals', async () => {
    const template = {
      uid: 't1',
      name: 'ISPA dewasa',
      updatedAt: new Date().toISOString(),
      content: {
        subjective: 'Batuk, pilek',
        objective: 'Faring hiperemis',
        assessment: null,
        plan: 'Istirahat',
        diagnoses: [{ code: 'J06.9', title: 'ISPA', primary: true }],
        procedures: [],
        prescription: [
          {
            kind: 'drug' as const,
            drugId: 'd-pct',
            name: 'Paracetamol 500 mg',
            ingredients: [],
            compoundForm: null,
            dose: '1 tablet',
            frequency: '3x1',
            route: 'oral' as const,
            durationDays: 3,
            quantity: 9,
            unit: 'tablet',
            instructions: null,
          },
        ],
      },
    };
    open({ templates: [template] });
    await ready();
    type(field('Sistolik'), '120');
    fireEvent.click(screen.getByText('Pakai template'));
    fireEvent.click(await screen.findByRole('menuitem', { name: /ISPA dewasa/ }));
    await waitFor(() =>
      expect(field('Objektif (pemeriksaan fisik)', 'soap')).toHaveValue('Faring hiperemis'),
    );
    expect(field('Subjektif (keluhan & riwayat)', 'soap')).toHaveValue('Batuk pilek\nBatuk, pilek');
    expect(field('Sistolik')).toHaveValue('120');
    expect(within(screen.getByTestId('picked-J06.9')).getByRole('radio')).toBeChecked();
    expect(within(part('prescription')).getByRole('list', { name: 'Resep' })).toHaveTextContent(
      'Paracetamol 500 mg',
    );
  });

  it('copies the last signed visit and shows it in the history', async () => {
    const r = reg({ queueNumber: 'A-007', status: 'Examination', complaint: 'Kontrol' });
    const last: Encounter = encounterOf(reg({ queueNumber: 'A-001', status: 'Paid' }), {
      uid: 'e-old',
      status: 'signed',
      systolic: 130,
      diastolic: 85,
      temperature: 36.8,
      subjective: 'Nyeri ulu hati',
      plan: 'Diet lunak',
      diagnoses: [{ code: 'K30', title: 'Dispepsia', primary: true }],
    });
    last.registration.queueDate = '2026-01-12';
    open({ registration: r, history: [last] });
    const history = await screen.findByRole('complementary', { name: 'Riwayat kunjungan' });
    expect(await within(history).findByText(/Dispepsia/)).toBeInTheDocument();
    expect(history).toHaveTextContent('TD 130/85');
    expect(history).toHaveTextContent('S 36,8');
    const copy = screen.getByText('Salin kunjungan terakhir').closest('button') as HTMLElement;
    await waitFor(() => expect(copy).toBeEnabled());
    fireEvent.click(copy);
    expect(field('Rencana', 'soap')).toHaveValue('Diet lunak');
    expect(field('Subjektif (keluhan & riwayat)', 'soap')).toHaveValue('Kontrol\nNyeri ulu hati');
    expect(screen.getByTestId('picked-K30')).toHaveTextContent('Utama');
  });

  it('/ jumps to the diagnosis search; Alt+5 to the prescription', async () => {
    open();
    await ready();
    fireEvent.keyDown(document.body, { key: '/', code: 'Slash' });
    expect(document.activeElement).toBe(within(part('diagnoses')).getByLabelText('Cari diagnosis ICD-10'));
    fireEvent.keyDown(document.activeElement as Element, { key: '5', code: 'Digit5', altKey: true });
    expect(document.activeElement).toBe(within(part('prescription')).getByRole('textbox', { name: 'Obat' }));
  });
});

describe('A finished visit (/Doctor/doctor, past Examination)', { timeout: 40_000 }, () => {
  beforeEach(() => {
    stubEventSource();
    signIn(doctorUser());
  });

  it('shows the signed note read-only, with its addenda, and takes a new addendum', async () => {
    const r = reg({ queueNumber: 'A-007', status: 'Prescription Waiting' });
    const { server } = open({
      registration: r,
      encounter: {
        status: 'signed',
        signedAt: new Date().toISOString(),
        signedBy: { id: 5, name: 'dr. Alexander Wijaya' },
        systolic: 120,
        assessment: 'ISPA',
        diagnoses: [{ code: 'J06.9', title: 'ISPA', primary: true }],
        addenda: [
          {
            uid: 'a0',
            text: 'Pasien alergi dicatat ulang',
            createdAt: new Date().toISOString(),
            by: { id: 5, name: 'dr. Alexander Wijaya' },
          },
        ],
      },
    });
    const note = await screen.findByRole('region', { name: /Catatan pemeriksaan/ });
    expect(note).toHaveTextContent('Ditandatangani');
    expect(note).toHaveTextContent('120 mmHg');
    expect(within(note).getByTestId('picked-J06.9')).toHaveTextContent('Utama');
    expect(within(note).getByRole('list', { name: 'Addendum' })).toHaveTextContent(
      'Pasien alergi dicatat ulang',
    );
    // nothing to edit: no search, no vitals fields, no save line
    expect(within(note).queryByRole('textbox', { name: 'Cari diagnosis ICD-10' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('save-status')).not.toBeInTheDocument();

    const add = within(note).getByRole('button', { name: 'Simpan addendum' });
    fireEvent.click(add);
    expect(await within(note).findByText('Isi catatan tambahan')).toBeInTheDocument();
    fireEvent.change(within(note).getByLabelText('Tambah addendum'), {
      target: { value: 'Hasil lab besok' },
    });
    fireEvent.click(add);
    await waitFor(() =>
      expect(within(note).getByRole('list', { name: 'Addendum' })).toHaveTextContent('Hasil lab besok'),
    );
    expect(server.current().addenda).toHaveLength(2);
  });

  it('shows the pharmacist’s substitution beside the prescription’s pharmacy status', async () => {
    open({
      registration: reg({ queueNumber: 'A-008', status: 'Prescription Waiting' }),
      encounter: {
        status: 'signed',
        signedAt: new Date().toISOString(),
        signedBy: { id: 5, name: 'dr. Alexander Wijaya' },
        prescriptionStatus: 'waiting',
        prescriptionSubstitutions: [
          { line: 0, from: 'Amoxicillin 500 mg', to: 'Amoksisilin Generik 500 mg', reason: 'Stok kosong' },
        ],
      },
    });
    const note = await screen.findByRole('region', { name: /Catatan pemeriksaan/ });
    expect(note).toHaveTextContent('Menunggu di farmasi');
    expect(note).toHaveTextContent(
      'Diganti apoteker: Amoxicillin 500 mg → Amoksisilin Generik 500 mg (Stok kosong)',
    );
  });
});
