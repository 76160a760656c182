import { ErrorCode } from '@reelsmith/kit';
import { completeUploadBody, editMomentsBody, folderBody, moveVideoBody } from '@reelsmith/proto/http';
import { openApiSchema, parseBody } from './body';

describe('parseBody', () => {
  it('takes a JSON object with only the declared fields, and no body as an empty one with its defaults', () => {
    expect(parseBody(folderBody, { name: 'Weddings', color: '#ff6600' })).toEqual({ name: 'Weddings', description: '', color: '#ff6600' });
    expect(parseBody(folderBody, undefined)).toEqual({ name: '', description: '', color: '' });
  });

  it('refuses unknown fields by name, __proto__ and constructor included, as a 400 listing each', () => {
    const polluted = JSON.parse('{"name":"x","__proto__":{"admin":true},"constructor":{}}');
    expect(() => parseBody(folderBody, polluted)).toThrow(
      expect.objectContaining({
        code: ErrorCode.INVALID_ARGUMENT,
        message: 'Unknown fields: __proto__, constructor',
        violations: [
          { field: '__proto__', message: 'Unknown field' },
          { field: 'constructor', message: 'Unknown field' },
        ],
      }),
    );
    expect(() => parseBody(folderBody, { name: 'x', userId: 'u' })).toThrow('Unknown field: userId');
  });

  it('refuses anything that is not an object, and names the field that does not fit', () => {
    for (const value of [null, [], 'text', 3]) expect(() => parseBody(folderBody, value)).toThrow('The request body must be a JSON object');
    expect(() => parseBody(completeUploadBody, { fileSize: '12' })).toThrow(
      expect.objectContaining({
        message: 'fileSize must be a number of at least 0',
        violations: [{ field: 'fileSize', message: 'fileSize must be a number of at least 0' }],
      }),
    );
    expect(() => parseBody(editMomentsBody, { moments: [{ start: 1, end: 2 }, 3] })).toThrow('Every moment must be a JSON object');
  });
});

describe('openApiSchema', () => {
  it('shows every field with its real type, nullable where null is taken, and no other properties', () => {
    const upload = openApiSchema(completeUploadBody);
    expect(upload).toMatchObject({
      type: 'object',
      additionalProperties: false,
      properties: { videoURL: { type: 'string', maxLength: 2048, nullable: true }, fileSize: { type: 'number', minimum: 0, nullable: true } },
    });
    expect(JSON.stringify(upload)).not.toMatch(/anyOf|\$schema/);
    expect(openApiSchema(moveVideoBody)).toMatchObject({ required: ['folderId'] });
    expect(openApiSchema(editMomentsBody)).toMatchObject({
      properties: { moments: { type: 'array', items: { type: 'object', properties: { start: { type: 'number' } } } } },
    });
  });
});
