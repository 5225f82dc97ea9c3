import { applyJsonPatch } from '@palimpsest/protocols/ag-ui'
import { describe, expect, test } from 'vitest'

describe('applyJsonPatch (RFC 6902)', () => {
  test('applies every operation and leaves the input untouched', () => {
    const document = { a: { b: [1, 2] }, c: 'x' }
    const result = applyJsonPatch(document, [
      { op: 'add', path: '/a/b/1', value: 9 },
      { op: 'remove', path: '/c' },
      { op: 'copy', from: '/a/b', path: '/copy' },
      { op: 'move', from: '/a', path: '/moved' },
      { op: 'test', path: '/moved/b/0', value: 1 },
      { op: 'replace', path: '/copy/0', value: 'first' },
      { op: 'add', path: '/escaped~1key~0', value: true },
    ])
    expect(result).toEqual({
      ok: true,
      value: { moved: { b: [1, 9, 2] }, copy: ['first', 9, 2], 'escaped/key~': true },
    })
    expect(document).toEqual({ a: { b: [1, 2] }, c: 'x' })
  })

  test('replace keeps an object member in its place', () => {
    const result = applyJsonPatch({ step: 'a', done: 1, total: 2 }, [{ op: 'replace', path: '/step', value: 'b' }])
    expect(result.ok && Object.keys(result.value as object)).toEqual(['step', 'done', 'total'])
  })

  test('replaces the whole document through the empty pointer', () => {
    expect(applyJsonPatch({ a: 1 }, [{ op: 'replace', path: '', value: [1] }])).toEqual({ ok: true, value: [1] })
  })

  test('is all or nothing: a failing operation rejects the whole patch with a reason', () => {
    expect(applyJsonPatch({ a: 1 }, [{ op: 'test', path: '/a', value: 2 }])).toEqual({
      ok: false,
      error: 'operation 0: test failed at /a',
    })
    expect(applyJsonPatch([1], [{ op: 'add', path: '/5', value: 0 }])).toMatchObject({ ok: false })
    expect(applyJsonPatch({}, [{ op: 'remove', path: '/missing' }])).toMatchObject({ ok: false })
    expect(applyJsonPatch({}, [{ op: 'frobnicate', path: '/a' }])).toMatchObject({ ok: false })
    expect(applyJsonPatch({}, [{ op: 'add', path: 'no-slash', value: 1 }])).toMatchObject({ ok: false })
    expect(applyJsonPatch({ a: { b: 1 } }, [{ op: 'move', from: '/a', path: '/a/c' }])).toMatchObject({ ok: false })
    expect(applyJsonPatch({}, 'not a patch')).toMatchObject({ ok: false })
  })
})
