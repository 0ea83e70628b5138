/**
 * English irregular verbs: the past tense and participle → the base form, before stemming (issue 24). Porter
 * stemming joins "adopted" and "adopt" but not "bought" and "buy", so "Which did I do first: buy a used car or
 * see a band play live?" shared only "used" and "play" with "I bought a used Volvo" / "I saw Blue Anvil play
 * live", and the turn that answered was not recognised as the alternative it is. Forms that are more often
 * another word are left out ("left", "felt", "rose", "shot", "drew", "lay", "bit", "wound", "found" as in
 * "founded" is kept: the verb is the common sense in conversation). Pure data.
 */
const TABLE =
  "arose:arise,arisen:arise,awoke:awake,awoken:awake,beaten:beat,became:become,began:begin,begun:begin," +
  "bent:bend,bled:bleed,blew:blow,blown:blow,broke:break,broken:break,bred:breed,brought:bring," +
  "built:build,burnt:burn,bought:buy,caught:catch,chose:choose,chosen:choose,came:come,crept:creep," +
  "dealt:deal,dug:dig,dove:dive,drank:drink,drunk:drink,driven:drive,drove:drive,ate:eat,eaten:eat," +
  "fallen:fall,fed:feed,fought:fight,flew:fly,flown:fly,forbade:forbid,forgot:forget,forgotten:forget," +
  "forgave:forgive,forgiven:forgive,froze:freeze,frozen:freeze,gave:give,given:give,went:go,gone:go," +
  "got:get,gotten:get,grew:grow,grown:grow,hung:hang,heard:hear,hid:hide,hidden:hide,held:hold," +
  "kept:keep,knelt:kneel,knew:know,known:know,laid:lay,led:lead,leapt:leap,learnt:learn,lent:lend," +
  "lit:light,lost:lose,made:make,meant:mean,met:meet,paid:pay,proven:prove,ran:run,rang:ring," +
  "rung:ring,rode:ride,ridden:ride,risen:rise,sang:sing,sung:sing,sank:sink,sunk:sink,saw:see,seen:see," +
  "sought:seek,sold:sell,sent:send,shook:shake,shaken:shake,shone:shine,shrank:shrink,slept:sleep," +
  "slid:slide,spoke:speak,spoken:speak,sped:speed,spent:spend,spun:spin,sprang:spring,stood:stand," +
  "stole:steal,stolen:steal,stuck:stick,stung:sting,strove:strive,struck:strike,swore:swear,sworn:swear," +
  "swept:sweep,swam:swim,swum:swim,swung:swing,took:take,taken:take,taught:teach,tore:tear,torn:tear," +
  "told:tell,thought:think,threw:throw,thrown:throw,understood:understand,woke:wake,woken:wake,wore:wear," +
  "worn:wear,won:win,withdrew:withdraw,written:write,wrote:write,found:find,sat:sit,fell:fall," +
  "mistook:mistake,mistaken:mistake,overcame:overcome,undertook:undertake,undertaken:undertake";

/** Past form → base form. */
export const IRREGULAR_PAST: ReadonlyMap<string, string> = new Map(
  TABLE.split(",").map((pair) => pair.split(":") as [string, string]),
);

/** The base form of an irregular past tense or participle ("bought" → "buy"), else the word itself. */
export function baseForm(word: string): string {
  return IRREGULAR_PAST.get(word) ?? word;
}
