//! Function words ("stopwords"): the words that carry grammar rather than content.
//!
//! `CompletenessMetric({ ignoreStopwords: true })` drops them from the element lists, and the
//! English verb tagger uses the English list to tell function words from content words.
//! Lists are packed and sorted (see [`crate::text::lexicon`]); a unit test checks the order.

use crate::text::lexicon::WordList;

/// English function words: articles, pronouns, prepositions, conjunctions, auxiliaries and the
/// commonest adverbs of degree, in their normalised (lower-case, apostrophe-split) form.
static ENGLISH: WordList = WordList::new(
    "a about above after again against all also am among an and any are around as at be because \
     been before being below between both but by can could d did do does doing don down during \
     each either else ever every few for from further had has have having he her here hers \
     herself him himself his how however i if in into is it its itself just ll m may me might \
     more most much must my myself neither no nor not now o of off on once only onto or other \
     ought our ours ourselves out over own re s same shall she should since so some such t than \
     that the their theirs them themselves then there these they this those though through thus \
     to too toward towards under until up upon us ve very was we were what when where whether \
     which while who whom whose why will with within without would yet you your yours yourself \
     yourselves",
);

/// Japanese function words: particles, copulas and auxiliary endings as a word segmenter
/// returns them, plus the commonest formal nouns and demonstratives.
static JAPANESE: WordList = WordList::new(
    "あの ある いる う え お か かな から が く くだ ください けど けれど こと この これ さ さい させ され し しか する そして その それ た たい たち ため だ \
     だけ って て で でした です と という として どう どの な ない など なる に について には によって ね の ので のに は へ へと ほど ました ます まで も \
     もの や よ よう より られる れる を ん",
);

/// Chinese function words: structural particles, common prepositions and pronouns.
static CHINESE: WordList = WordList::new(
    "不 与 个 为 也 了 他 们 你 及 吗 吧 呢 和 啊 在 地 她 就 得 我 或 把 是 的 着 被 过 这 那 都",
);

/// True for an English function word.
pub fn is_english_function_word(word: &str) -> bool {
    ENGLISH.contains(word)
}

/// True when `word` (normalised) is a function word of English, Japanese or Chinese.
///
/// ```
/// use evals_wasm::text::stopwords::is_stopword;
/// assert!(is_stopword("the") && is_stopword("の") && is_stopword("的"));
/// assert!(!is_stopword("fox") && !is_stopword("狐"));
/// ```
pub fn is_stopword(word: &str) -> bool {
    ENGLISH.contains(word) || JAPANESE.contains(word) || CHINESE.contains(word)
}

/// The sorted lists, for tests elsewhere in the crate.
#[cfg(test)]
pub(crate) fn all_lists() -> [&'static WordList; 3] {
    [&ENGLISH, &JAPANESE, &CHINESE]
}

#[cfg(test)]
mod tests {
    #[test]
    fn lists_are_sorted_and_unique() {
        for list in super::all_lists() {
            list.assert_well_formed();
        }
    }
}
