// Completeness and keyword coverage in the stemmed languages, through the built package: for
// each language, inflected forms that must count as the same element and unrelated words that
// must not; ignoreStopwords against that language's stopwords-iso list; "auto" on a paragraph of
// each language; English left exactly as it was; the stem module read only on first use of
// another language (fs.readFileSync is watched before the package is imported); the CommonJS
// entry; and the generated stopword lists against the installed stopwords-iso.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs, { readFileSync } from 'node:fs';
import { createRequire, syncBuiltinESMExports } from 'node:module';
import { OUTPUT, generate } from '../../scripts/gen-stopwords.mjs';

const require = createRequire(import.meta.url);

// Every file the package reads from here on, to see when the stem module is read.
const filesRead = [];
const originalReadFileSync = fs.readFileSync;
fs.readFileSync = function watchedReadFileSync(path, ...rest) {
  filesRead.push(String(path instanceof URL ? path.pathname : path));
  return originalReadFileSync.call(this, path, ...rest);
};
syncBuiltinESMExports();
const stemReads = () => filesRead.filter((path) => path.endsWith('evals_stem_bg.wasm')).length;

const { CompletenessMetric, KeywordCoverageMetric } = await import('evals-wasm/nlp');

/**
 * Per language, our own words: two base forms, the same words inflected, a stopword of the
 * language's list, and a word of the language unrelated to the first base form.
 */
const LANGUAGES = [
  { code: 'de', base: ['Haus', 'Buch'], inflected: ['Häusern', 'Bücher'], stopword: 'und', unrelated: 'Hose' },
  { code: 'fr', base: ['manger', 'cheval'], inflected: ['mangé', 'chevaux'], stopword: 'et', unrelated: 'ménage' },
  { code: 'es', base: ['correr', 'niña'], inflected: ['corren', 'niñas'], stopword: 'con', unrelated: 'cerrar' },
  { code: 'it', base: ['libro', 'parlare'], inflected: ['libri', 'parlato'], stopword: 'con', unrelated: 'libero' },
  { code: 'pt', base: ['livro', 'falar'], inflected: ['livros', 'falaram'], stopword: 'com', unrelated: 'lavra' },
  { code: 'nl', base: ['boek', 'loop'], inflected: ['boeken', 'lopen'], stopword: 'met', unrelated: 'beek' },
  { code: 'sv', base: ['bil', 'hus'], inflected: ['bilarna', 'husen'], stopword: 'och', unrelated: 'bal' },
  { code: 'no', base: ['bil', 'hus'], inflected: ['bilene', 'husene'], stopword: 'og', unrelated: 'bål' },
  { code: 'da', base: ['bil', 'hus'], inflected: ['bilerne', 'husene'], stopword: 'og', unrelated: 'bål' },
  { code: 'fi', base: ['talo', 'kirja'], inflected: ['talossa', 'kirjat'], stopword: 'ja', unrelated: 'tuli' },
  { code: 'hu', base: ['ház', 'könyv'], inflected: ['házban', 'könyvek'], stopword: 'és', unrelated: 'víz' },
  { code: 'ro', base: ['oraș', 'casă'], inflected: ['orașele', 'casele'], stopword: 'şi', unrelated: 'coasă' },
  { code: 'ru', base: ['кошка', 'река'], inflected: ['кошки', 'реке'], stopword: 'и', unrelated: 'кружка' },
  { code: 'el', base: ['άνθρωπος', 'δρόμος'], inflected: ['άνθρωποι', 'ΔΡΌΜΟΙ'], stopword: 'και', unrelated: 'δρόσος' },
  { code: 'ar', base: ['كتاب', 'مدرسة'], inflected: ['الكتاب', 'المدرسة'], stopword: 'في', unrelated: 'كلب' },
  { code: 'ta', base: ['நாய்', 'பறவை'], inflected: ['நாய்கள்', 'பறவைகள்'], stopword: null, unrelated: 'பாய்' },
  { code: 'tr', base: ['ev', 'kitap'], inflected: ['evler', 'kitaplar'], stopword: 've', unrelated: 'kapı' },
];

/** A short paragraph of our own in each language, for "auto". */
const PARAGRAPHS = {
  en: 'The river rises in the hills and runs to the sea; it is wide, and the town was built on its bank.',
  de: 'Der Fluss entspringt in den Bergen und fließt zum Meer. Die Stadt wurde an seinem Ufer gebaut, und sie ist sehr alt.',
  fr: 'La rivière prend sa source dans les collines et coule vers la mer. La ville a été construite sur sa rive, et elle est très ancienne.',
  es: 'El río nace en las colinas y corre hacia el mar. La ciudad fue construida en su orilla y es muy antigua.',
  it: 'Il fiume nasce nelle colline e scorre verso il mare. La città è stata costruita sulla sua riva ed è molto antica.',
  pt: 'O rio nasce nas colinas e corre para o mar. A cidade foi construída na sua margem e é muito antiga.',
  nl: 'De rivier ontspringt in de heuvels en stroomt naar de zee. De stad is op de oever gebouwd en is erg oud.',
  sv: 'Floden börjar i bergen och rinner till havet. Staden byggdes på dess strand och är mycket gammal.',
  no: 'Elva begynner i fjellet og renner ut i havet. Byen ble bygget på bredden, og den er veldig gammel. Hva vet du om den?',
  da: 'Floden begynder i bakkerne og løber ud i havet. Byen blev bygget på bredden, og den er meget gammel. Hvad ved du om den?',
  fi: 'Joki alkaa kukkuloilta ja virtaa mereen. Kaupunki rakennettiin sen rannalle, ja se on hyvin vanha.',
  hu: 'A folyó a dombokban ered, és a tengerbe folyik. A várost a partján építették, és nagyon régi.',
  ro: 'Râul izvorăște din dealuri și curge spre mare. Orașul a fost construit pe malul lui și este foarte vechi.',
  ru: 'Река начинается в горах и течёт к морю. Город построен на её берегу, и он очень старый.',
  el: 'Το ποτάμι πηγάζει από τους λόφους και κυλά προς τη θάλασσα. Η πόλη χτίστηκε στην όχθη του.',
  ar: 'ينبع النهر من التلال ويجري نحو البحر. بنيت المدينة على ضفته، وهي قديمة جدا.',
  ta: 'ஆறு மலைகளில் தொடங்கி கடலை நோக்கி ஓடுகிறது. நகரம் அதன் கரையில் கட்டப்பட்டது.',
  tr: 'Nehir tepelerden doğar ve denize doğru akar. Şehir onun kıyısına kurulmuştur ve çok eskidir.',
};

const FOX = ['The quick brown fox jumps over the lazy dog', 'A brown fox jumped over a dog'];

test('English, the default, never reads the stem module and keeps the original info', async () => {
  const before = stemReads();
  const plain = await new CompletenessMetric().measure(...FOX);
  const english = await new CompletenessMetric({ language: 'en' }).measure(...FOX);
  assert.equal(plain.score, 0.625);
  assert.deepEqual(english, plain);
  assert.equal('language' in plain.info, false);
  const keywords = await new KeywordCoverageMetric().measure('fast red cars', 'The red cars are slow');
  assert.deepEqual(keywords, { score: 2 / 3, info: { totalKeywords: 3, matchedKeywords: 2 } });
  assert.equal(stemReads(), before, 'measuring English read evals_stem_bg.wasm');
  assert.equal(stemReads(), 0);
});

test('the stem module is read once, on the first measure in another language', async () => {
  const metric = new CompletenessMetric({ language: 'de' });
  assert.equal(stemReads(), 0, 'constructing the metric reads nothing');
  await metric.measure('Das Haus', 'die Häuser');
  assert.equal(stemReads(), 1);
  await new KeywordCoverageMetric({ language: 'ru' }).measure('книга', 'книги');
  await new CompletenessMetric({ language: 'auto' }).measure(PARAGRAPHS.fr, PARAGRAPHS.fr);
  assert.equal(stemReads(), 1, 'later measures reuse the loaded module');
});

for (const { code, base, inflected, stopword, unrelated } of LANGUAGES) {
  test(`${code}: inflected forms are the same element, an unrelated word is not`, async () => {
    const metric = new CompletenessMetric({ language: code });
    const same = await metric.measure(base.join(' '), inflected.join(' '));
    assert.equal(same.score, 1, JSON.stringify(same.info));
    assert.deepEqual(same.info.inputElements, same.info.outputElements);
    assert.deepEqual(same.info.missingElements, []);
    assert.equal(same.info.language, code);
    assert.deepEqual(same.info.elementCounts, { input: 2, output: 2 });

    const other = await metric.measure(base[0], unrelated);
    assert.equal(other.score, 0, JSON.stringify(other.info));
    assert.equal(other.info.missingElements.length, 1);

    // In English the same pair is not fully covered (no stemming), except where spelling
    // alone makes them match, which the stemmed score must never fall below.
    const english = await new CompletenessMetric().measure(base.join(' '), inflected.join(' '));
    assert.ok(english.score <= same.score);

    const keywords = await new KeywordCoverageMetric({ language: code }).measure(base.join(' '), `${inflected.join(' ')} ${unrelated}`);
    assert.deepEqual(keywords, { score: 1, info: { totalKeywords: 2, matchedKeywords: 2, language: code } });
  });

  test(`${code}: ignoreStopwords gives the same answer when both texts have the stopword, a higher one when only the input has it`, async () => {
    const keep = new CompletenessMetric({ language: code });
    const drop = new CompletenessMetric({ language: code, ignoreStopwords: true });
    const word = stopword ?? 'ஆனால்';
    const input = `${base[0]} ${word} ${base[1]}`;
    const both = `${inflected[0]} ${word} ${inflected[1]}`;
    assert.equal((await keep.measure(input, both)).score, 1);
    assert.equal((await drop.measure(input, both)).score, 1);
    const without = inflected.join(' ');
    assert.equal((await keep.measure(input, without)).score, 2 / 3);
    if (stopword === null) {
      // stopwords-iso has no Tamil list: nothing is left out.
      assert.equal((await drop.measure(input, without)).score, 2 / 3);
    } else {
      const dropped = await drop.measure(input, without);
      assert.equal(dropped.score, 1);
      assert.equal(dropped.info.elementCounts.input, 2);
    }
  });
}

test('"auto" finds the language of a paragraph of each language and reports it', async () => {
  const metric = new CompletenessMetric({ language: 'auto' });
  const keywords = new KeywordCoverageMetric({ language: 'auto' });
  for (const [code, paragraph] of Object.entries(PARAGRAPHS)) {
    const result = await metric.measure(paragraph, paragraph);
    assert.equal(result.info.language, code, paragraph);
    assert.equal(result.score, 1);
    assert.equal((await keywords.measure(paragraph, paragraph)).info.language, code);
  }
});

test('"auto" on English text is the English metric, plus info.language', async () => {
  const auto = await new CompletenessMetric({ language: 'auto' }).measure(...FOX);
  const english = await new CompletenessMetric().measure(...FOX);
  assert.deepEqual(auto, { ...english, info: { ...english.info, language: 'en' } });
  // Japanese (no stemmer) goes the English path too, which segments it.
  const japanese = await new CompletenessMetric({ language: 'auto' }).measure('素早い茶色の狐', '茶色の狐');
  assert.equal(japanese.info.language, 'en');
  assert.ok(japanese.info.inputElements.includes('茶色'));
});

test('an unknown language is a TypeError at construction that lists the languages', () => {
  for (const Metric of [CompletenessMetric, KeywordCoverageMetric]) {
    for (const language of ['xx', 'EN', 'german', 3, null]) {
      assert.throws(() => new Metric({ language }), (error) => {
        assert.ok(error instanceof TypeError);
        assert.match(error.message, /option "language" must be one of en, de, fr, .*, tr, auto; got /);
        return true;
      });
    }
  }
});

test('a misspelt option is a TypeError, not English measured in silence', () => {
  for (const [Metric, options] of [
    [CompletenessMetric, { lang: 'de' }],
    [CompletenessMetric, { Language: 'de', ignoreStopwords: true }],
    [KeywordCoverageMetric, { ignoreStopwords: true }],
    [KeywordCoverageMetric, { languages: 'fr' }],
  ]) {
    const unknown = Object.keys(options).find((key) => !['language', 'ignoreStopwords'].includes(key)) ?? 'ignoreStopwords';
    assert.throws(() => new Metric(options), (error) => {
      assert.ok(error instanceof TypeError);
      assert.match(error.message, new RegExp(`unknown option "${unknown}"`));
      return true;
    });
  }
  // The options each takes still work, and none at all as in the original.
  assert.doesNotThrow(() => new CompletenessMetric({ language: 'de', ignoreStopwords: true }));
  assert.doesNotThrow(() => new KeywordCoverageMetric({ language: 'fr' }));
  assert.doesNotThrow(() => new KeywordCoverageMetric());
});

test('texts of no words, odd punctuation and mixed scripts give valid results in every language', async () => {
  const texts = ['', '   ', "'", '?!…', '🙂', 'Москва Berlin Αθήνα القاهرة சென்னை 東京', 'x'.repeat(50_000)];
  for (const { code } of LANGUAGES) {
    const metric = new CompletenessMetric({ language: code, ignoreStopwords: true });
    for (const input of texts) {
      for (const output of texts) {
        const { score } = await metric.measure(input, output);
        assert.ok(score >= 0 && score <= 1);
      }
    }
  }
  await assert.rejects(new CompletenessMetric({ language: 'de' }).measure(null, 'x'), { message: 'Inputs cannot be null or undefined' });
});

test('the stem module takes exactly the stemmed codes of the JS list', async () => {
  const { LANGUAGES: codes } = await import('../../pkg/nlp/languages.js');
  const { instantiate } = await import('../../pkg/engine/wasm-stem.js');
  const stem = await instantiate(() => originalReadFileSync(new URL('../../pkg/evals_stem_bg.wasm', import.meta.url)));
  for (const code of codes.filter((c) => c !== 'en' && c !== 'auto')) {
    assert.equal(stem.stemmedCompleteness('a', 'a', code, false).info.language, code);
  }
  assert.throws(() => stem.stemmedCompleteness('a', 'a', 'en', false), /unknown language "en"/);
  assert.deepEqual(LANGUAGES.map((l) => l.code).sort(), codes.filter((c) => c !== 'en' && c !== 'auto').sort());
});

test('require("evals-wasm/nlp") measures in other languages too', async () => {
  const cjs = require('evals-wasm/nlp');
  const result = await new cjs.CompletenessMetric({ language: 'ru' }).measure('книга на столе', 'книги на столах');
  assert.equal(result.score, 1);
  assert.equal(result.info.language, 'ru');
  const auto = await new cjs.KeywordCoverageMetric({ language: 'auto' }).measure(PARAGRAPHS.es, PARAGRAPHS.es);
  assert.equal(auto.info.language, 'es');
  assert.throws(() => new cjs.CompletenessMetric({ language: 'xx' }), TypeError);
});

test('src/metrics/nlp/multilingual/stopword_lists.rs equals what stopwords-iso holds', () => {
  // Its lists are broad: the Russian one holds common nouns, which ignoreStopwords drops too.
  assert.equal(readFileSync(OUTPUT, 'utf8'), generate(), 'run: node scripts/gen-stopwords.mjs');
  const iso = require('stopwords-iso/stopwords-iso.json');
  for (const { code, stopword } of LANGUAGES) {
    if (stopword !== null) assert.ok(iso[code].includes(stopword), `${stopword} is on the ${code} list`);
  }
  assert.equal(iso.ta, undefined, 'stopwords-iso has no Tamil list (README says so)');
});

test('the Russian list of stopwords-iso holds common nouns, which ignoreStopwords leaves out (README says so)', async () => {
  const result = await new CompletenessMetric({ language: 'ru', ignoreStopwords: true }).measure('дом и город', 'дом');
  assert.deepEqual([result.info.inputElements, result.info.outputElements], [[], []]);
  assert.equal(result.score, 1, 'no elements on either side: 1, as for English');
});
