// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import i18n from 'i18next';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFormatters, formattersOf, useFormatters, warmNumberFormats } from './format';

describe('useFormatters', () => {
  beforeAll(async () => {
    await i18n.init({ lng: 'en', fallbackLng: false, resources: {} });
  });
  afterAll(async () => {
    await i18n.changeLanguage('en');
  });

  it('formats in the language in use and follows a switch', async () => {
    const { result } = renderHook(() => useFormatters());
    expect(result.current.price('1234.5', 2, '€')).toBe('€1,234.50');
    await act(() => i18n.changeLanguage('nl'));
    expect(result.current.price('1234.5', 2, '€')).toBe('€1.234,50');
    expect(result.current.ratio('1.5')).toBe('+1,50%');
    await act(() => i18n.changeLanguage('en'));
    expect(result.current.change('-0.5', 2)).toBe('-0.50');
  });

  it('shares one set of formatters per language, equal to fresh ones', () => {
    expect(formattersOf('nl')).toBe(formattersOf('nl'));
    expect(formattersOf('nl')).not.toBe(formattersOf('en'));
    const fresh = createFormatters('zh-Hans');
    expect(formattersOf('zh-Hans').compact('123456789')).toBe(fresh.compact('123456789'));
  });

  it('warming up never throws, with or without workers', () => {
    const saved = globalThis.Worker;
    expect(() => warmNumberFormats('nl')).not.toThrow();
    // @ts-expect-error: a browser without workers
    delete globalThis.Worker;
    expect(() => warmNumberFormats('nl')).not.toThrow();
    globalThis.Worker = saved;
  });
});
