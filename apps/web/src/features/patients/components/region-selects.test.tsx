import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { urls } from '../../../test/patient-test-kit.ts';
import { mockApi, renderWithApp } from '../../../test/render.tsx';
import { RegionSelects } from './region-selects.tsx';
import { regionHandlers } from './region-test-kit.ts';
import { emptyRegion, type RegionValue } from './region-value.ts';

function Harness({ initial = emptyRegion(), onSubmit }: { initial?: RegionValue; onSubmit?: () => void }) {
  const [value, setValue] = useState(initial);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit?.();
      }}
    >
      <RegionSelects value={value} onChange={setValue} />
      <output data-testid="value">{JSON.stringify(value)}</output>
    </form>
  );
}

const box = (name: string) => screen.getByRole('combobox', { name }) as HTMLInputElement;
const value = () => JSON.parse(screen.getByTestId('value').textContent!) as RegionValue;

/** Types into a select and takes the first option that matches, from the keyboard. */
async function pick(user: ReturnType<typeof userEvent.setup>, name: string, search: string, option: string) {
  await waitFor(() => expect(box(name)).toBeEnabled());
  await user.click(box(name));
  await user.clear(box(name));
  await user.type(box(name), search);
  const list = await waitFor(() => document.getElementById(box(name).getAttribute('aria-controls') ?? '')!);
  await within(list).findByRole('option', { name: option, hidden: true });
  await user.keyboard('{Enter}');
  await waitFor(() => expect(box(name).value).toBe(option));
}

describe('Region selects', { timeout: 20_000 }, () => {
  it('cascades province › regency/city › district › village, each waiting for its parent', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi(regionHandlers());
    renderWithApp(<Harness />);
    expect(box('Provinsi')).toBeEnabled();
    for (const name of ['Kabupaten/Kota', 'Kecamatan', 'Kelurahan/Desa']) expect(box(name)).toBeDisabled();
    expect(box('Kabupaten/Kota')).toHaveAttribute('placeholder', 'Pilih Provinsi dahulu');

    await pick(user, 'Provinsi', 'jak', 'DKI Jakarta');
    expect(urls(fetchMock.mock.calls, 'regions/regencies').at(-1)?.searchParams.get('provinceCode')).toBe(
      '31',
    );
    expect(box('Kecamatan')).toBeDisabled();
    await pick(user, 'Kabupaten/Kota', 'pusat', 'Kota Jakarta Pusat');
    await pick(user, 'Kecamatan', 'gam', 'Gambir');
    await pick(user, 'Kelurahan/Desa', 'kebon', 'Kebon Kelapa');
    expect(value()).toEqual({
      provinceCode: '31',
      cityCode: '31.71',
      districtCode: '31.71.01',
      villageCode: '31.71.01.1002',
    });
  });

  it('clears every level below the one changed', async () => {
    const user = userEvent.setup();
    mockApi(regionHandlers());
    renderWithApp(
      <Harness
        initial={{
          provinceCode: '31',
          cityCode: '31.71',
          districtCode: '31.71.01',
          villageCode: '31.71.01.1002',
        }}
      />,
    );
    await waitFor(() => expect(box('Kelurahan/Desa').value).toBe('Kebon Kelapa'));

    // another district: only the village goes
    await pick(user, 'Kecamatan', 'ment', 'Menteng');
    expect(value()).toEqual({
      provinceCode: '31',
      cityCode: '31.71',
      districtCode: '31.71.06',
      villageCode: '',
    });
    expect(box('Kelurahan/Desa').value).toBe('');
    expect(box('Kelurahan/Desa')).toBeEnabled();

    // another province: the city, district and village go, and wait again
    await pick(user, 'Provinsi', 'jawa', 'Jawa Barat');
    expect(value()).toEqual({ provinceCode: '32', cityCode: '', districtCode: '', villageCode: '' });
    expect(box('Kabupaten/Kota').value).toBe('');
    expect(box('Kecamatan')).toBeDisabled();
    expect(box('Kecamatan').value).toBe('');
    expect(box('Kelurahan/Desa')).toBeDisabled();
    await pick(user, 'Kabupaten/Kota', 'band', 'Kota Bandung');
    expect(value().cityCode).toBe('32.73');

    // clearing the province empties everything
    await user.click(box('Provinsi').parentElement!.querySelector('button')!);
    expect(value()).toEqual(emptyRegion());
    expect(box('Kabupaten/Kota')).toBeDisabled();
  });

  it('shows the names of stored codes, and says when a stored code is no longer known', async () => {
    mockApi(regionHandlers());
    renderWithApp(
      <Harness
        initial={{ provinceCode: '31', cityCode: '31.71', districtCode: '31.71.99', villageCode: '' }}
      />,
    );
    await waitFor(() => expect(box('Kabupaten/Kota').value).toBe('Kota Jakarta Pusat'));
    expect(box('Provinsi').value).toBe('DKI Jakarta');
    expect(
      await screen.findByText(
        'Kode wilayah tersimpan (31.71.99) tidak ada di data wilayah terbaru; pilih ulang.',
      ),
    ).toBeInTheDocument();
    expect(box('Kecamatan').value).toBe('');
  });

  it('keeps a search typed before the list arrived, and Enter never submits the form', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi(regionHandlers());
    let release = () => {};
    const regenciesArrive = new Promise<void>((resolve) => {
      release = resolve;
    });
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes('/regions/regencies')) await regenciesArrive;
      return fetchMock(input, init);
    });
    const onSubmit = vi.fn();
    renderWithApp(<Harness onSubmit={onSubmit} />);
    await pick(user, 'Provinsi', 'jak', 'DKI Jakarta');

    await user.click(box('Kabupaten/Kota'));
    await user.type(box('Kabupaten/Kota'), 'pusat');
    await user.keyboard('{Enter}');
    expect(value().cityCode).toBe('');
    release();
    const list = document.getElementById(box('Kabupaten/Kota').getAttribute('aria-controls') ?? '')!;
    await within(list).findByRole('option', { name: 'Kota Jakarta Pusat', hidden: true });
    await user.keyboard('{Enter}');
    await waitFor(() => expect(value().cityCode).toBe('31.71'));
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
