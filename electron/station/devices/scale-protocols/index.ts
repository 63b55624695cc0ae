// One parser per scale protocol, chosen by the profile.
import { terminatorText, type ScaleProfile } from '../device-profile.js';
import { createCasParser } from './cas-parser.js';
import { createContinuousParser } from './continuous-parser.js';
import { createNciParser } from './nci-parser.js';
import { createRegexScaleParser } from './regex-parser.js';
import type { ScaleProtocolParser } from './scale-protocol.js';
import { createSicsParser } from './sics-parser.js';
import { createToledo8217Parser } from './toledo-8217-parser.js';

export type { ScaleEvent, ScaleFault, ScaleFaultCode, ScaleProtocolParser, ScaleReading } from './scale-protocol.js';

export function createScaleParser(profile: ScaleProfile): ScaleProtocolParser {
  switch (profile.protocol) {
    case 'sics':
      return createSicsParser();
    case 'continuous':
      return createContinuousParser();
    case 'nci':
      return createNciParser();
    case 'cas':
      return createCasParser();
    case 'toledo-8217':
      return createToledo8217Parser(profile.unit ?? 'lb');
    case 'regex':
      return createRegexScaleParser({
        regex: profile.regex!,
        terminator: terminatorText(profile),
        unit: profile.unit,
        stableReadings: profile.stableReadings,
        stripPrefix: profile.stripPrefix,
        stripSuffix: profile.stripSuffix,
      });
  }
}
