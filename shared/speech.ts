// The spoken words a desk can say after a sound, for the commonest errors. Each is a clip per
// language under resources/speech/<language>/<word>.ogg, made from the catalogue's "speech"
// section by electron/speech-clips/make-speech-clips.ts; the app only plays the shipped files.
export const SPOKEN_WORDS = ['wrongItem', 'serialNeeded', 'alreadyPacked', 'scanAgain', 'callLead'] as const;
export type SpokenWord = (typeof SPOKEN_WORDS)[number];

/** The clip's file name inside its language's folder. */
export const clipFileName = (word: SpokenWord): string => `${word}.ogg`;
