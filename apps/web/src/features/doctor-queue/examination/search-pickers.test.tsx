import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CodePicker } from '../../../shared/consultations/code-picker.tsx';
import type { Drug } from '../../../shared/consultations/drugs-api.ts';
import { holdAnswers } from '../../../test/held-answers.ts';
import { mockApi, renderWithApp } from '../../../test/render.tsx';
import { examinationHandlers } from '../test/encounter-fixtures.ts';
import { reg } from '../test/queue-fixtures.tsx';
import { DrugSearch } from './drug-search.tsx';

/** The examination's code and drug searches, with the examination server's codes and drugs. */
const server = () =>
  mockApi(examinationHandlers(reg({ queueNumber: 'A-007', status: 'Examination' })).handlers);
const enter = (el: HTMLElement) => fireEvent.keyDown(el, { key: 'Enter', code: 'Enter' });
const type = (el: HTMLElement, value: string) => fireEvent.change(el, { target: { value } });

function DrugField({ onPick }: { onPick: (drug: Drug) => void }) {
  const [value, setValue] = useState('');
  const [linked, setLinked] = useState(false);
  return (
    <DrugSearch
      label="Obat"
      value={value}
      linked={linked}
      onType={(name) => {
        setValue(name);
        setLinked(false);
      }}
      onPick={(drug) => {
        setValue(drug.name);
        setLinked(true);
        onPick(drug);
      }}
    />
  );
}

describe('Code and drug search of the examination', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('ICD-10: Enter before the answer to what is typed picks no favourite; then the first code of the answer', async () => {
    const network = holdAnswers(server(), (u) => u.searchParams.get('search') === 'J06');
    const onPick = vi.fn();
    renderWithApp(
      <CodePicker system="icd10" clinicId={10} picked={[]} withPrimary onPick={onPick} onRemove={() => {}} />,
    );
    const box = screen.getByRole('textbox', { name: 'Cari diagnosis ICD-10' });
    fireEvent.focus(box);
    // the clinic's favourites answer the empty box, the first highlighted
    const favourite = await screen.findByRole('option', { name: /^R50\.9 /, hidden: true });
    await waitFor(() => expect(favourite).toHaveAttribute('data-combobox-selected'));

    type(box, 'J06');
    enter(box);
    expect(onPick).not.toHaveBeenCalled();
    await waitFor(() => expect(network.asked).toHaveLength(1));
    enter(box);
    expect(onPick).not.toHaveBeenCalled();

    network.release();
    await waitFor(() => expect(onPick).toHaveBeenCalledTimes(1));
    expect(onPick).toHaveBeenCalledWith(expect.objectContaining({ code: 'J06.9' }));
    await waitFor(() => expect(box).toHaveValue(''));
  });

  it('ICD-10: ↓ moves the highlight over the answer, skipping codes already picked; Enter picks it', async () => {
    server();
    const onPick = vi.fn();
    renderWithApp(
      <CodePicker
        system="icd10"
        clinicId={10}
        picked={[{ code: 'J06.9', title: 'Infeksi saluran pernapasan atas akut, tidak spesifik' }]}
        withPrimary
        onPick={onPick}
        onRemove={() => {}}
      />,
    );
    const box = screen.getByRole('textbox', { name: 'Cari diagnosis ICD-10' });
    fireEvent.focus(box);
    type(box, 'infeksi');
    const other = await screen.findByRole('option', { name: /^J06\.8 /, hidden: true });
    await waitFor(() => expect(other).toHaveAttribute('aria-selected', 'true'));
    expect(box).toHaveAttribute('aria-activedescendant', other.id);
    fireEvent.keyDown(box, { key: 'ArrowDown', code: 'ArrowDown' });
    expect(other).toHaveAttribute('aria-selected', 'true');
    enter(box);
    expect(onPick).toHaveBeenCalledWith(expect.objectContaining({ code: 'J06.8' }));
  });

  it('drug: Enter while the answer to what is typed is pending picks no drug of the older answer', async () => {
    const network = holdAnswers(server(), (u) => u.searchParams.get('search') === 'amox');
    const onPick = vi.fn();
    renderWithApp(<DrugField onPick={onPick} />);
    const box = screen.getByRole('textbox', { name: 'Obat' });
    fireEvent.focus(box);
    type(box, 'para');
    const paracetamol = await screen.findByRole('option', { name: 'Paracetamol 500 mg', hidden: true });
    await waitFor(() => expect(paracetamol).toHaveAttribute('data-combobox-selected'));

    type(box, 'amox');
    enter(box);
    expect(onPick).not.toHaveBeenCalled();
    await waitFor(() => expect(network.asked).toHaveLength(1));
    enter(box);
    expect(onPick).not.toHaveBeenCalled();

    network.release();
    await waitFor(() => expect(onPick).toHaveBeenCalledTimes(1));
    expect(onPick).toHaveBeenCalledWith(expect.objectContaining({ uid: 'd-amx' }));
    // the field shows the pick on the render after it
    await waitFor(() => expect(box).toHaveValue('Amoxicillin'));
  });
});
