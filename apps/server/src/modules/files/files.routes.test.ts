import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../db/schema/index.ts';
import { addForeignCorporate, IMAGES, multipart, userByName } from '../../test/staff-fixtures.ts';
import { API, createTestApp, json, loginAs, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestApp();
  await addForeignCorporate(ctx.database.db);
  for (const u of ['dokter', 'kasir', 'perawat']) tokens[u] = await loginAs(ctx.app, u);
  tokens.adminlain = await loginAs(ctx.app, 'adminlain', 'rahasia123');
});
afterAll(() => ctx.close());

type Part = Parameters<typeof multipart>[0][number];
const upload = (url: string, parts: Part[], who: string | null = 'dokter') => {
  const body = multipart(parts);
  return ctx.app.inject({
    method: 'POST',
    url: `${API}${url}`,
    headers: { ...(who ? { authorization: tokens[who] } : {}), ...body.headers },
    payload: body.payload,
  });
};
const getFile = (url: string, who?: string) =>
  ctx.app.inject({ method: 'GET', url, headers: who ? { authorization: tokens[who] } : {} });
const fileCount = async () => (await ctx.database.db.select({ n: count() }).from(files))[0].n;
const storedFiles = (dir = ctx.uploadsDir): string[] =>
  existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? storedFiles(path.join(dir, e.name)) : [e.name],
      )
    : [];

describe('doctor uploads', () => {
  it('accepts images by their content, whatever their name, and serves them to their uploader', async () => {
    // a PNG named .txt is a PNG
    const res = await upload('/assesments/doctor/upload?date=11222026', [
      { field: 'files', filename: 'catatan.txt', type: 'text/plain', content: IMAGES.png },
    ]);
    expect(res.statusCode).toBe(200);
    const { url } = json(res).data;
    expect(url).toMatch(/^\/api\/clinic\/v1\/files\/[0-9a-f-]{36}$/);
    const [row] = await ctx.database.db.select().from(files);
    expect(row).toMatchObject({ mimeType: 'image/png', originalName: 'catatan.txt', kind: 'doctor-upload' });
    expect(row.storagePath).toMatch(/^\d+\/2026\/11\/[0-9a-f-]{36}\.png$/);

    const served = await getFile(url, 'dokter');
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toMatch(/^private/);
    expect(served.rawPayload.equals(IMAGES.png)).toBe(true);
    // nobody shows it as a photo yet: the rest of the corporate does not see it (scope.security.test.ts)
    expect((await getFile(url, 'kasir')).statusCode).toBe(404);

    expect((await getFile(url)).statusCode).toBe(401);
    expect((await getFile(url, 'adminlain')).statusCode).toBe(404);
    expect((await getFile(`${API}/files/00000000-0000-4000-8000-000000000000`, 'kasir')).statusCode).toBe(
      404,
    );
    expect((await getFile(`${API}/files/../../etc/passwd`, 'kasir')).statusCode).toBeGreaterThanOrEqual(400);
  });

  it('takes jpeg, jpg and gif', async () => {
    for (const [name, content, mime] of [
      ['foto.jpg', IMAGES.jpeg, 'image/jpeg'],
      ['foto.jpeg', IMAGES.jpeg, 'image/jpeg'],
      ['anim.gif', IMAGES.gif, 'image/gif'],
    ] as const) {
      const res = await upload('/assesments/doctor/upload', [{ field: 'files', filename: name, content }]);
      expect(res.statusCode, name).toBe(200);
      expect((await getFile(json(res).data.url, 'dokter')).headers['content-type']).toBe(mime);
    }
  });

  it('refuses other content, wrong fields, two files and no session, storing nothing', async () => {
    const before = await fileCount();
    const onDisk = storedFiles().length;
    const text = await upload('/assesments/doctor/upload', [
      { field: 'files', filename: 'foto.png', type: 'image/png', content: 'bukan gambar' },
    ]);
    expect(text.statusCode).toBe(400);
    expect(json(text).message).toBe('Jenis file tidak didukung. Unggah gambar JPEG, JPG, PNG atau GIF.');
    const svg = await upload('/assesments/doctor/upload', [
      {
        field: 'files',
        filename: 'x.svg',
        type: 'image/svg+xml',
        content: '<svg xmlns="http://www.w3.org/2000/svg"/>',
      },
    ]);
    expect(svg.statusCode).toBe(400);
    const wrongField = await upload('/assesments/doctor/upload', [
      { field: 'image', filename: 'a.png', content: IMAGES.png },
    ]);
    expect(wrongField.statusCode).toBe(400);
    expect(json(wrongField).message).toBe('Pilih file yang akan diunggah pada field "files"');
    const two = await upload('/assesments/doctor/upload', [
      { field: 'files', filename: 'a.png', content: IMAGES.png },
      { field: 'files', filename: 'b.png', content: IMAGES.png },
    ]);
    expect(two.statusCode).toBe(400);
    expect(json(two).message).toBe('Unggah satu file saja');
    const notMultipart = await ctx.app.inject({
      method: 'POST',
      url: `${API}/assesments/doctor/upload`,
      headers: { authorization: tokens.dokter },
      payload: { files: 'x' },
    });
    expect(notMultipart.statusCode).toBe(400);
    expect(
      (
        await upload('/assesments/doctor/upload?date=13012026', [
          { field: 'files', filename: 'a.png', content: IMAGES.png },
        ])
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await upload(
          '/assesments/doctor/upload',
          [{ field: 'files', filename: 'a.png', content: IMAGES.png }],
          null,
        )
      ).statusCode,
    ).toBe(401);
    expect(await fileCount()).toBe(before);
    expect(storedFiles().length).toBe(onDisk);
  });

  it('answers 413 with a clear message above 2 MB', async () => {
    const before = await fileCount();
    const big = Buffer.concat([IMAGES.png, Buffer.alloc(2 * 1024 * 1024)]);
    const res = await upload('/assesments/doctor/upload', [
      { field: 'files', filename: 'besar.png', content: big },
    ]);
    expect(res.statusCode).toBe(413);
    expect(json(res)).toEqual({ status: false, message: 'Ukuran file terlalu besar. Maksimal 2 MB.' });
    expect(await fileCount()).toBe(before);
    // exactly 2 MB is fine
    const edge = Buffer.concat([IMAGES.png, Buffer.alloc(2 * 1024 * 1024 - IMAGES.png.length)]);
    expect(
      (await upload('/assesments/doctor/upload', [{ field: 'files', filename: 'pas.png', content: edge }]))
        .statusCode,
    ).toBe(200);
  });
});

describe('the user’s photo', () => {
  it('stores the image and makes it the session user’s image', async () => {
    const res = await upload(
      '/users/upload',
      [{ field: 'image', filename: 'saya.gif', content: IMAGES.gif }],
      'perawat',
    );
    expect(res.statusCode).toBe(200);
    const { url } = json(res).data;
    const user = json(
      await ctx.app.inject({
        method: 'GET',
        url: `${API}/users`,
        headers: { authorization: tokens.perawat },
      }),
    ).data;
    expect(user.imageUrl).toBe(url);
    expect((await getFile(url, 'dokter')).statusCode).toBe(200);
    // a doctor's photo is also the doctor profile's
    const doc = await upload(
      '/users/upload',
      [{ field: 'image', filename: 'dr.jpg', content: IMAGES.jpeg }],
      'dokter',
    );
    const dokter = await userByName(ctx.database.db, 'dokter');
    const profile = json(
      await ctx.app.inject({
        method: 'GET',
        url: `${API}/settings/myprofile/doctors/edit/profile?id=${dokter.doctorId}`,
        headers: { authorization: tokens.dokter },
      }),
    ).data;
    expect(profile.photo).toBe(json(doc).data.url);
    expect(dokter.imageUrl).toBe(json(doc).data.url);
  });

  it('refuses a text file and leaves the image as it was', async () => {
    const before = (await userByName(ctx.database.db, 'perawat')).imageUrl;
    const res = await upload(
      '/users/upload',
      [{ field: 'image', filename: 'saya.png', content: 'hello' }],
      'perawat',
    );
    expect(res.statusCode).toBe(400);
    expect((await userByName(ctx.database.db, 'perawat')).imageUrl).toBe(before);
    const rows = await ctx.database.db.select().from(files).where(eq(files.kind, 'user-image'));
    expect(rows).toHaveLength(2);
  });
});
