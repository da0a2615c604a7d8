import { describe, expect, it } from 'vitest';
import { translate } from './index.ts';

describe('server messages', () => {
  it('choose the plural form by the language’s rules', () => {
    expect(translate('fr', 'templateInUse', [1])).toContain('utilisé par 1 module et');
    expect(translate('fr', 'templateInUse', [3])).toContain('utilisé par 3 modules et');
    expect(translate('de', 'templateInUse', [1])).toContain('von 1 Modul verwendet');
    expect(translate('de', 'templateInUse', [2])).toContain('von 2 Modulen verwendet');
    expect(translate('it', 'moduleHasAssessments', [1])).toContain('contiene 1 valutazione e');
    expect(translate('it', 'moduleHasAssessments', [0])).toContain('contiene 0 valutazioni e');
    // French reads 0 and 1 as singular
    expect(translate('fr', 'tooManyRequests', [0])).toBe(
      'Trop de tentatives. Réessayez dans 0 seconde.',
    );
    expect(translate('de', 'tooManyRequests', [1])).toContain('in 1 Sekunde erneut');
  });

  it('keep a placeholder without its value as it is', () => {
    expect(translate('fr', 'templateInUse', [])).toContain('{0, plural,');
  });
});
