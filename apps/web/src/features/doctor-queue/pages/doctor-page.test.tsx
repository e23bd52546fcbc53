import type { Registration } from '@klinikita/domain/registrations/registration.schema';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/render.tsx';
import { examinationHandlers } from '../test/encounter-fixtures.ts';
import {
  doctorUser,
  LIST_URL,
  listQueries,
  ok,
  page,
  patches,
  reg,
  renderQueue,
  signIn,
  stubEventSource,
} from '../test/queue-fixtures.tsx';
import { DoctorPage } from './doctor-page.tsx';

/** One registration the server keeps: PATCHes move it, GETs read it back; its note opens once called. */
function serve(initial: Registration) {
  let current = initial;
  const exam = examinationHandlers(initial);
  const fetchMock = mockApi({
    ...exam.handlers,
    [`${LIST_URL}/${initial._id}`]: (init) => {
      if (init?.method === 'PATCH') {
        current = { ...current, status: JSON.parse(String(init.body)).updateField.status };
        return ok(current, 'Status berhasil diubah');
      }
      return ok(current);
    },
  });
  renderQueue(<DoctorPage />, `/Doctor/doctor?id=${initial._id}`);
  return fetchMock;
}

const confirmIn = async (title: string, confirm: string) =>
  fireEvent.click(
    within(await screen.findByRole('dialog', { name: title })).getByRole('button', { name: confirm }),
  );

describe('DoctorPage (/Doctor/doctor)', { timeout: 20_000 }, () => {
  beforeEach(() => {
    stubEventSource();
    signIn(doctorUser());
  });

  it('shows the patient banner of ?id= with the facts the doctor needs', async () => {
    const r = reg({
      queueNumber: 'A-007',
      status: 'Waiting',
      payerType: 'company',
      company: { id: 3, name: 'PT Maju Jaya' },
      complaint: 'Demam tiga hari',
      referrer: 'Puskesmas Menteng',
      patient: {
        ...reg({ queueNumber: 'x' }).patient,
        name: 'Rina Kartika',
        title: 'Ny',
        sex: 'F',
        mrn: 'RM-10-000123',
        age: { years: 34, months: 5 },
        allergies: 'Amoksisilin',
      },
    });
    serve(r);
    const banner = await screen.findByRole('region', { name: 'Ny. Rina Kartika' });
    expect(within(banner).getByRole('heading', { name: 'Ny. Rina Kartika' })).toBeInTheDocument();
    expect(banner).toHaveTextContent('No. RM RM-10-000123');
    expect(banner).toHaveTextContent('34 th 5 bl');
    expect(banner).toHaveTextContent('Perempuan');
    expect(banner).toHaveTextContent('Perusahaan · PT Maju Jaya');
    expect(banner).toHaveTextContent('Demam tiga hari');
    expect(banner).toHaveTextContent('Puskesmas Menteng');
    expect(within(banner).getByLabelText('No. antrean A-007')).toBeInTheDocument();
    expect(within(banner).getByText('Menunggu')).toBeInTheDocument();
    expect(within(banner).getByTestId('allergies')).toHaveTextContent('Alergi: Amoksisilin');
    // waiting: call or skip, not yet done
    expect(within(banner).getByRole('button', { name: 'Panggil' })).toBeInTheDocument();
    expect(within(banner).getByRole('button', { name: 'Lewati' })).toBeInTheDocument();
    expect(within(banner).queryByRole('button', { name: 'Selesai Periksa' })).not.toBeInTheDocument();
  });

  it('calls from the banner after a confirmation', async () => {
    const r = reg({ queueNumber: 'A-007', status: 'Skip' });
    const fetchMock = serve(r);
    fireEvent.click(await screen.findByRole('button', { name: 'Panggil' }));
    await confirmIn('Panggil pasien', 'Ya, panggil');
    await waitFor(() => expect(patches(fetchMock.mock.calls)).toHaveLength(1));
    expect(patches(fetchMock.mock.calls)[0].body).toEqual({
      updateField: { status: 'Examination' },
      clinicId: 10,
      doctorId: 5,
      fromStatus: 'Skip',
    });
    expect(await screen.findByRole('button', { name: 'Selesai Periksa' })).toBeInTheDocument();
  });

  it('a visit left in Exam Done (before notes existed) goes on to Ke Farmasi', async () => {
    const r = reg({ queueNumber: 'A-007', status: 'Exam Done' });
    const fetchMock = serve(r);
    await screen.findByText('Pemeriksaan selesai. Teruskan pasien ke:');
    expect(screen.getByRole('button', { name: 'Ke Kasir' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Ke Farmasi' }));
    await screen.findByText('Pasien sudah diteruskan (Menunggu resep).');
    expect(patches(fetchMock.mock.calls).map((p) => [p.body.fromStatus, p.body.updateField.status])).toEqual([
      ['Exam Done', 'Prescription Waiting'],
    ]);
  });

  it('Lewati skips the patient after a confirmation', async () => {
    const r = reg({ queueNumber: 'A-007', status: 'Examination' });
    const fetchMock = serve(r);
    fireEvent.click(await screen.findByRole('button', { name: 'Lewati' }));
    await confirmIn('Lewati pasien', 'Ya, lewati');
    await waitFor(() => expect(patches(fetchMock.mock.calls)).toHaveLength(1));
    expect(patches(fetchMock.mock.calls)[0].body.updateField).toEqual({ status: 'Skip' });
    // skipped: callable again
    expect(await screen.findByRole('button', { name: 'Panggil' })).toBeInTheDocument();
  });

  it('says so when the registration does not exist', async () => {
    mockApi({
      [`${LIST_URL}/nope`]: () => ({
        status: 404,
        body: { status: false, message: 'Pendaftaran tidak ditemukan' },
      }),
      [LIST_URL]: () => page([]),
    });
    renderQueue(<DoctorPage />, '/Doctor/doctor?id=nope');
    expect(
      await screen.findByText('Pendaftaran tidak ditemukan. Pilih pasien lain dari daftar.'),
    ).toBeInTheDocument();
  });

  it('without a patient: asks to pick one and calls the lowest waiting number next (button or N)', async () => {
    const skipped = reg({ queueNumber: 'A-001', status: 'Skip' });
    const next = reg({ queueNumber: 'A-003', status: 'Queueing' });
    const later = reg({ queueNumber: 'A-008', status: 'Waiting' });
    let called = false;
    const fetchMock = mockApi({
      ...examinationHandlers(next).handlers,
      [LIST_URL]: () => page([later, skipped, next]),
      [`${LIST_URL}/${next._id}`]: (init) => {
        called ||= init?.method === 'PATCH';
        return ok({ ...next, status: called ? 'Examination' : next.status });
      },
    });
    renderQueue(<DoctorPage />);
    expect(
      screen.getByText('Pilih pasien dari Patient List di sebelah kiri untuk mulai memeriksa.'),
    ).toBeInTheDocument();
    expect(await screen.findByTestId('next-patient')).toHaveTextContent(
      '3 pasien menunggu hari ini · Berikutnya: A-003 Tn. Budi Hartono',
    );
    const query = listQueries(fetchMock.mock.calls)[0];
    expect(query.get('status')).toBe('Waiting_Queueing_Skip');
    expect(query.get('doctor.doctorId')).toBe('5');
    expect(query.has('startDate')).toBe(false);

    // the keyboard shortcut opens the same confirmation
    fireEvent.keyDown(document.documentElement, { key: 'n', code: 'KeyN' });
    const dialog = await screen.findByRole('dialog', { name: 'Panggil pasien' });
    expect(dialog).toHaveTextContent('Panggil A-003 Tn. Budi Hartono ke ruang periksa?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Batal' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    fireEvent.click(screen.getByRole('button', { name: /Panggil berikutnya/ }));
    await confirmIn('Panggil pasien', 'Ya, panggil');
    await waitFor(() => expect(screen.getByTestId('url')).toHaveTextContent(`/Doctor/doctor?id=${next._id}`));
    expect(patches(fetchMock.mock.calls)[0].body).toMatchObject({
      updateField: { status: 'Examination' },
      fromStatus: 'Queueing',
    });
    expect(await screen.findByRole('button', { name: 'Selesai Periksa' })).toBeInTheDocument();
  });

  it('with nobody waiting, Panggil berikutnya is disabled', async () => {
    mockApi({ [LIST_URL]: () => page([]) });
    renderQueue(<DoctorPage />);
    expect(await screen.findByText('Tidak ada pasien menunggu hari ini')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Panggil berikutnya/ })).toBeDisabled();
  });
});
