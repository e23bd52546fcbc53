import { searchCodes } from '@klinikita/domain/codes/codes.contract';
import { updateDrug } from '@klinikita/domain/drugs/drugs.contract';
import { uploadUserPhoto } from '@klinikita/domain/files/files.contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/render.tsx';
import { ApiError } from '../api-client.ts';
import { call, contractKey, fetchData, moduleKey } from './contract-client.ts';

const API = '/api/clinic/v1';
const ok = (data?: unknown) => ({ body: { status: true, message: 'OK', data } });

afterEach(() => vi.unstubAllGlobals());

describe('the contract client', () => {
  it('fills the path params, sends the query in wire form and the body as JSON', async () => {
    const fetchMock = mockApi({ [`${API}/settings/pharmacy/drugs/d%201`]: () => ok({ uid: 'd 1' }) });
    const answer = await call(updateDrug, {
      params: { uid: 'd 1' },
      body: { name: 'Paracetamol', form: 'Tablet', unit: 'tab', price: 500 },
    });
    expect(answer.data).toEqual({ uid: 'd 1' });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe(`${API}/settings/pharmacy/drugs/d%201`);
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toMatchObject({ name: 'Paracetamol', price: 500 });
  });

  it('leaves absent query values out and answers the data of a read', async () => {
    const fetchMock = mockApi({ [`${API}/codes/icd10`]: () => ok([{ code: 'A00' }]) });
    const data = await fetchData(searchCodes, {
      params: { system: 'icd10' },
      query: { clinicId: 3, search: undefined, limit: 5 },
    });
    expect(data).toEqual([{ code: 'A00' }]);
    expect(String(fetchMock.mock.calls[0][0])).toBe(`${API}/codes/icd10?clinicId=3&limit=5`);
  });

  it('sends form data as multipart and throws the refusal as an ApiError', async () => {
    const fetchMock = mockApi({
      [`${API}/users/upload`]: () => ({ status: 413, body: { status: false, message: 'Too large' } }),
    });
    const body = new FormData();
    body.append('image', new File(['x'], 'a.png', { type: 'image/png' }));
    await expect(call(uploadUserPhoto, { body })).rejects.toEqual(new ApiError(413, 'Too large'));
    const init = fetchMock.mock.calls[0][1];
    expect(init?.body).toBe(body);
    expect(init?.headers).not.toHaveProperty('content-type');
  });

  it('keys queries by module, path and input', () => {
    const input = { params: { system: 'icd10' as const }, query: { clinicId: 1 } };
    expect(contractKey(searchCodes, input)).toEqual(['codes', '/codes/:system', input]);
    expect(contractKey(searchCodes)).toEqual(['codes', '/codes/:system']);
    expect(moduleKey(searchCodes)).toEqual(['codes']);
  });
});
