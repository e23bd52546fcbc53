import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ENCOUNTERS_URL } from '../test/encounter-fixtures.ts';
import { field, open, part, pickDiagnosis, ready, type } from '../test/examination-page.tsx';
import { doctorUser, signIn, stubEventSource } from '../test/queue-fixtures.tsx';

describe('Examination workspace (/Doctor/doctor, status Examination)', { timeout: 40_000 }, () => {
  beforeEach(() => {
    stubEventSource();
    signIn(doctorUser());
  });

  it('opens the note of the called visit with the complaint as Subjective', async () => {
    const { fetchMock, r } = open();
    await ready();
    const subjective = field('Subjektif (keluhan & riwayat)', 'soap');
    expect(subjective).toHaveValue('Batuk pilek');
    const opened = fetchMock.mock.calls.find(
      ([u, init]) => String(u) === ENCOUNTERS_URL && init?.method === 'POST',
    );
    expect(JSON.parse(String(opened?.[1]?.body))).toEqual({ registrationId: r._id });
    expect(screen.getByTestId('key-hints')).toHaveTextContent('Ctrl+Enter selesai periksa');
  });

  it('flags abnormal vitals, refuses impossible ones with the shared message, and computes BMI', async () => {
    open();
    await ready();
    type(field('Sistolik'), '165');
    expect(await screen.findByTestId('flag-systolic')).toHaveTextContent('Tinggi');
    type(field('SpO2'), '91');
    expect(screen.getByTestId('flag-spo2')).toHaveTextContent('Rendah');
    type(field('Nadi'), '80');
    expect(screen.queryByTestId('flag-pulse')).not.toBeInTheDocument();
    type(field('Suhu'), '375');
    expect(screen.getByText('Suhu harus 30–45 °C')).toBeInTheDocument();
    type(field('Suhu'), '37,8');
    expect(screen.queryByText('Suhu harus 30–45 °C')).not.toBeInTheDocument();
    expect(screen.getByTestId('flag-temperature')).toHaveTextContent('Tinggi');
    type(field('Nadi'), 'abc');
    expect(screen.getByText('Isian tidak valid')).toBeInTheDocument();

    expect(screen.getByTestId('bmi')).toHaveTextContent('Isi berat dan tinggi badan');
    type(field('Berat badan'), '70');
    type(field('Tinggi badan'), '170');
    expect(screen.getByTestId('bmi')).toHaveTextContent('24,2');
    expect(screen.getByTestId('bmi')).toHaveTextContent('Berat badan lebih');
    // the tab order runs through the vitals in clinical order
    const order = Array.from(part('vitals').querySelectorAll('input')).map((i) => i.dataset.vital);
    expect(order).toEqual([
      'systolic',
      'diastolic',
      'pulse',
      'respiratoryRate',
      'temperature',
      'spo2',
      'weight',
      'height',
    ]);
  });

  it('searches ICD-10 as the doctor types; Enter picks; the first pick is primary, the radio moves it', async () => {
    const { server } = open();
    await ready();
    await pickDiagnosis('J06', /^J06\.9 /);
    const search = server.codeSearches.find((q) => q.get('search') === 'J06');
    expect(search?.get('clinicId')).toBe('10');
    // the debounce asks once for what was typed, not per keystroke
    expect(server.codeSearches.filter((q) => q.get('search')?.startsWith('J0')).length).toBe(1);
    // an empty search shows the clinic's favourites; a star marks one more
    const box = within(part('diagnoses')).getByLabelText('Cari diagnosis ICD-10');
    fireEvent.focus(box);
    expect(await within(part('diagnoses')).findByText('Favorit klinik')).toBeInTheDocument();
    type(box, 'J06.8');
    fireEvent.click(await within(part('diagnoses')).findByLabelText('Tandai J06.8 sebagai favorit'));
    await waitFor(() =>
      expect(server.favourites).toEqual([{ code: 'J06.8', body: { clinicId: 10, favourite: true } }]),
    );
    // starring is not picking
    expect(within(part('diagnoses')).queryByTestId('picked-J06.8')).not.toBeInTheDocument();
    type(box, '');
    await pickDiagnosis('demam', /^R50\.9 /);

    const first = screen.getByTestId('picked-J06.9');
    const second = screen.getByTestId('picked-R50.9');
    expect(within(first).getByRole('radio', { name: 'Jadikan J06.9 diagnosis utama' })).toBeChecked();
    expect(first).toHaveTextContent('Utama');
    expect(second).toHaveTextContent('Sekunder');
    fireEvent.click(within(second).getByRole('radio'));
    expect(within(second).getByRole('radio')).toBeChecked();
    expect(within(first).getByRole('radio')).not.toBeChecked();

    // removing the primary promotes the other one
    fireEvent.click(within(second).getByRole('button', { name: 'Hapus R50.9' }));
    expect(within(screen.getByTestId('picked-J06.9')).getByRole('radio')).toBeChecked();
    await waitFor(() => expect(server.puts.length).toBeGreaterThan(0), { timeout: 3000 });
    await waitFor(() =>
      expect(server.puts.at(-1)?.diagnoses).toEqual([
        { code: 'J06.9', title: 'Infeksi saluran pernapasan atas akut, tidak spesifik', primary: true },
      ]),
    );
  });

  it('checks a prescription line with the shared schema, messages next to the fields, then adds it', async () => {
    const { server } = open();
    await ready();
    const rx = within(part('prescription')).getByRole('form', { name: 'Obat baru' });
    fireEvent.click(within(rx).getByRole('button', { name: 'Tambahkan ke resep' }));
    expect(await within(rx).findByText('Pilih obat atau isi nama')).toBeInTheDocument();
    expect(within(rx).getByText('Isi dosis')).toBeInTheDocument();
    expect(within(rx).getByText('Isi frekuensi')).toBeInTheDocument();
    expect(within(rx).getByText('Isi jumlah yang diberikan')).toBeInTheDocument();

    const drug = within(rx).getByRole('textbox', { name: 'Obat' });
    fireEvent.focus(drug);
    type(drug, 'para');
    await within(rx).findByRole('option', { name: 'Paracetamol 500 mg', hidden: true });
    fireEvent.keyDown(drug, { key: 'Enter', code: 'Enter' });
    await waitFor(() => expect(drug).toHaveValue('Paracetamol 500 mg'));
    expect(within(rx).getByLabelText('Dosis')).toHaveValue('1 tablet');
    expect(within(rx).getByLabelText('Satuan')).toHaveValue('tablet');
    fireEvent.click(within(rx).getByRole('button', { name: '3x1' }));
    type(within(rx).getByLabelText('Lama (hari)'), '5');
    // the quantity follows dose × frequency × days
    await waitFor(() => expect(within(rx).getByLabelText('Jumlah')).toHaveValue('15'));
    fireEvent.click(within(rx).getByRole('button', { name: 'sesudah makan' }));
    fireEvent.click(within(rx).getByRole('button', { name: 'Tambahkan ke resep' }));

    const list = await within(part('prescription')).findByRole('list', { name: 'Resep' });
    expect(list).toHaveTextContent('Paracetamol 500 mg');
    expect(list).toHaveTextContent('1 tablet · 3x1 · Oral · 5 hari · sesudah makan');
    expect(list).toHaveTextContent('15 tablet');
    await waitFor(() => expect(server.puts.at(-1)?.prescription).toHaveLength(1), { timeout: 3000 });
    expect(server.puts.at(-1)?.prescription).toEqual([
      expect.objectContaining({
        kind: 'drug',
        drugId: 'd-pct',
        name: 'Paracetamol 500 mg',
        dose: '1 tablet',
        frequency: '3x1',
        route: 'oral',
        durationDays: 5,
        quantity: 15,
        unit: 'tablet',
        instructions: 'sesudah makan',
      }),
    ]);

    // a compounded preparation needs two ingredients with amounts and a form
    const form = within(part('prescription')).getByRole('form', { name: 'Obat baru' });
    fireEvent.click(within(form).getByRole('radio', { name: 'Racikan' }));
    type(within(form).getByLabelText('Nama racikan'), 'Racikan batuk');
    type(within(form).getByRole('textbox', { name: 'Bahan 1' }), 'Ambroxol');
    fireEvent.click(within(form).getByRole('button', { name: 'Hapus bahan 2' }));
    type(within(form).getByLabelText('Dosis'), '1 bungkus');
    fireEvent.click(within(form).getByRole('button', { name: '3x1' }));
    type(within(form).getByLabelText('Jumlah'), '10');
    type(within(form).getByLabelText('Satuan'), 'bungkus');
    fireEvent.click(within(form).getByRole('button', { name: 'Tambahkan ke resep' }));
    expect(await within(form).findByText('Isi jumlah bahan')).toBeInTheDocument();
    type(within(form).getByLabelText('Jumlah bahan 1'), '15 mg');
    fireEvent.click(within(form).getByRole('button', { name: 'Tambahkan ke resep' }));
    expect(await within(form).findByText('Racikan butuh paling sedikit dua bahan')).toBeInTheDocument();
    expect(within(form).getByText('Pilih bentuk racikan')).toBeInTheDocument();
    // the form keeps what was typed
    expect(within(form).getByLabelText('Nama racikan')).toHaveValue('Racikan batuk');
  });

  it('orders a lab test from the quick picks, one order per service', async () => {
    const { server } = open();
    await ready();
    const lab = within(part('orders')).getByRole('group', { name: 'Laboratorium' });
    fireEvent.click(within(lab).getByRole('checkbox', { name: 'Darah Lengkap' }));
    fireEvent.click(within(lab).getByRole('checkbox', { name: 'Widal' }));
    type(within(lab).getByLabelText('Catatan untuk Laboratorium'), 'cito');
    await waitFor(
      () =>
        expect(server.puts.at(-1)?.orders).toEqual([
          { serviceType: 'LAB', items: ['Darah Lengkap', 'Widal'], note: 'cito' },
        ]),
      { timeout: 3000 },
    );
  });

  it('autosaves the whole draft with the version, then with the version answered; a 409 says so and offers reload', async () => {
    let conflict = false;
    const { server } = open({
      onSave: () =>
        conflict
          ? {
              status: 409,
              body: {
                status: false,
                message: 'Catatan ini diubah di layar lain. Muat ulang untuk melihat versi terbaru.',
              },
            }
          : undefined,
    });
    await ready();
    const plan = field('Rencana', 'soap');
    type(plan, 'Kontrol 3 hari');
    expect(screen.getByTestId('save-status')).toHaveTextContent('Perubahan belum disimpan');
    await waitFor(() => expect(server.puts).toHaveLength(1), { timeout: 3000 });
    expect(server.puts[0]).toMatchObject({ version: 1, plan: 'Kontrol 3 hari', subjective: 'Batuk pilek' });
    expect(server.puts[0]).toHaveProperty('diagnoses', []);
    await waitFor(() =>
      expect(screen.getByTestId('save-status')).toHaveTextContent(/Tersimpan \d\d:\d\d:\d\d/),
    );

    type(plan, 'Kontrol 3 hari, bila demam');
    await waitFor(() => expect(server.puts).toHaveLength(2), { timeout: 3000 });
    expect(server.puts[1]).toMatchObject({ version: 2 });

    // an impossible vital holds the save until fixed
    type(field('Suhu'), '375');
    await waitFor(() => expect(screen.getByTestId('save-status')).toHaveAttribute('data-state', 'invalid'), {
      timeout: 3000,
    });
    expect(server.puts).toHaveLength(2);
    type(field('Suhu'), '37');
    await waitFor(() => expect(server.puts).toHaveLength(3), { timeout: 3000 });

    // another tab saved meanwhile
    conflict = true;
    type(plan, 'Kontrol 2 hari');
    await waitFor(() => expect(screen.getByTestId('save-status')).toHaveAttribute('data-state', 'conflict'), {
      timeout: 3000,
    });
    expect(screen.getByTestId('save-status')).toHaveTextContent('Catatan ini diubah di layar lain');
    // nothing more is sent until reloaded
    type(plan, 'Kontrol 1 hari');
    await new Promise((r) => setTimeout(r, 1000));
    expect(server.puts).toHaveLength(4);

    conflict = false;
    server.setEncounter({ ...server.current(), plan: 'Versi dari tab lain', version: 9 });
    fireEvent.click(screen.getAllByRole('button', { name: 'Muat ulang catatan' })[0]);
    await waitFor(() => expect(field('Rencana', 'soap')).toHaveValue('Versi dari tab lain'));
    type(field('Rencana', 'soap'), 'Versi dari tab lain; kontrol');
    await waitFor(() => expect(server.puts).toHaveLength(5), { timeout: 3000 });
    expect(server.puts[4]).toMatchObject({ version: 9 });
  });
});
