// 1.10.2 createToolCallAccuracyScorerLLM: one verdict per tool the agent called ("yes":
// appropriate), and the tools the judge misses.
export const TOOLS = [
  ['riverLength', 'Looks up the length of a river.'],
  ['lakeDepth', 'Looks up the depth of a lake.'],
  ['ferryTimes', 'Lists ferry departures.'],
  ['bakeryFinder', 'Finds bakeries in a town.'],
  ['festivalDates', 'Gives festival dates.'],
  ['trainStations', 'Lists railway stations.'],
  ['birdSightings', 'Lists bird sightings.'],
  ['bridgeInfo', 'Describes a bridge.'],
  ['libraryHours', 'Gives library opening hours.'],
  ['tunnelStatus', 'Says whether a tunnel is open.'],
  ['parkArea', 'Gives the area of a park.'],
  ['climbHistory', 'Tells when a mountain was climbed.'],
  ['cropReport', 'Reports what a valley grows.'],
].map(([id, description]) => ({ id, description }));

const input = 'How long is the Vexo river and how deep is Lake Pirran?';
const make = (name, called, words, missingTools = [], output = 'Here is what I found.') => ({
  name,
  input,
  output,
  called,
  verdicts: Object.fromEntries(called.map((t, i) => [t, words[i % words.length]])),
  answers: { missingTools },
});

export const cases = [
  make('all appropriate', ['riverLength', 'lakeDepth'], ['yes']),
  make('none appropriate', ['ferryTimes', 'bakeryFinder'], ['no'], ['riverLength']),
  make('mixed', ['riverLength', 'festivalDates', 'lakeDepth'], ['yes', 'no', 'yes']),
  make('no tools, nothing missing', [], ['yes']),
  make('no tools, some missing', [], ['yes'], ['riverLength', 'lakeDepth']),
  make('empty output', ['riverLength'], ['yes'], [], ''),
  make('long list', TOOLS.map((t) => t.id), ['yes', 'no', 'no']),
];
