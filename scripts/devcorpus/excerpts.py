"""The text material of the pages: the excerpts, embedded so that regenerating needs no
network, and the two ways a page takes paragraphs from them."""


def excerpt(eid):
    """The paragraphs of one excerpt (list of str; a verse paragraph has '\n' between lines)."""
    return list(EXCERPTS[eid])


def take(eid, first, count):
    return excerpt(eid)[first:first + count]


# Excerpts, copied from the files named in books.BOOKS: paragraphs with their lines joined,
# runs of spaces made one, "--" made "\u2014"; verse keeps its lines.

EXCERPTS = {'alice_ch1': ['CHAPTER I. Down the Rabbit-Hole',
               'Alice was beginning to get very tired of sitting by her sister on the bank, and of '
               'having nothing to do: once or twice she had peeped into the book her sister was '
               'reading, but it had no pictures or conversations in it, ‘and what is the use of a '
               'book,’ thought Alice ‘without pictures or conversations?’',
               'So she was considering in her own mind (as well as she could, for the hot day made '
               'her feel very sleepy and stupid), whether the pleasure of making a daisy-chain '
               'would be worth the trouble of getting up and picking the daisies, when suddenly a '
               'White Rabbit with pink eyes ran close by her.',
               'There was nothing so VERY remarkable in that; nor did Alice think it so VERY much '
               'out of the way to hear the Rabbit say to itself, ‘Oh dear! Oh dear! I shall be '
               'late!’ (when she thought it over afterwards, it occurred to her that she ought to '
               'have wondered at this, but at the time it all seemed quite natural); but when the '
               'Rabbit actually TOOK A WATCH OUT OF ITS WAISTCOAT-POCKET, and looked at it, and '
               'then hurried on, Alice started to her feet, for it flashed across her mind that '
               'she had never before seen a rabbit with either a waistcoat-pocket, or a watch to '
               'take out of it, and burning with curiosity, she ran across the field after it, and '
               'fortunately was just in time to see it pop down a large rabbit-hole under the '
               'hedge.',
               'In another moment down went Alice after it, never once considering how in the '
               'world she was to get out again.',
               'The rabbit-hole went straight on like a tunnel for some way, and then dipped '
               'suddenly down, so suddenly that Alice had not a moment to think about stopping '
               'herself before she found herself falling down a very deep well.'],
 'alice_ch2': ['‘Curiouser and curiouser!’ cried Alice (she was so much surprised, that for the '
               'moment she quite forgot how to speak good English); ‘now I’m opening out like the '
               'largest telescope that ever was! Good-bye, feet!’ (for when she looked down at her '
               'feet, they seemed to be almost out of sight, they were getting so far off). ‘Oh, '
               'my poor little feet, I wonder who will put on your shoes and stockings for you '
               'now, dears? I’m sure _I_ shan’t be able! I shall be a great deal too far off to '
               'trouble myself about you: you must manage the best way you can;—but I must be kind '
               'to them,’ thought Alice, ‘or perhaps they won’t walk the way I want to go! Let me '
               'see: I’ll give them a new pair of boots every Christmas.’'],
 'candide_1': ['CHAPITRE I.',
               "Comment Candide fut élevé dans un beau château, et comment il fut chassé d'icelui.",
               'Il y avait en Vestphalie, dans le château de M. le baron de Thunder-ten-tronckh, '
               'un jeune garçon à qui la nature avait donné les moeurs les plus douces. Sa '
               "physionomie annonçait son âme. Il avait le jugement assez droit, avec l'esprit le "
               "plus simple; c'est, je crois, pour cette raison qu'on le nommait Candide. Les "
               "anciens domestiques de la maison soupçonnaient qu'il était fils de la soeur de "
               "monsieur le baron et d'un bon et honnête gentilhomme du voisinage, que cette "
               "demoiselle ne voulut jamais épouser parce qu'il n'avait pu prouver que soixante et "
               'onze quartiers, et que le reste de son arbre généalogique avait été perdu par '
               "l'injure du temps.",
               'Monsieur le baron était un des plus puissants seigneurs de la Westphalie, car son '
               "château avait une porte et des fenêtres. Sa grande salle même était ornée d'une "
               'tapisserie. Tous les chiens de ses basses-cours composaient une meute dans le '
               'besoin; ses palefreniers étaient ses piqueurs; le vicaire du village était son '
               "grand-aumônier. Ils l'appelaient tous monseigneur, et ils riaient quand il fesait "
               'des contes.',
               "Madame la baronne, qui pesait environ trois cent cinquante livres, s'attirait par "
               'là une très grande considération, et fesait les honneurs de la maison avec une '
               'dignité qui la rendait encore plus respectable. Sa fille Cunégonde, âgée de '
               'dix-sept ans, était haute en couleur, fraîche, grasse, appétissante. Le fils du '
               'baron paraissait en tout digne de son père. Le précepteur Pangloss[1] était '
               "l'oracle de la maison, et le petit Candide écoutait ses leçons avec toute la bonne "
               'foi de son âge et de son caractère.',
               '[1] De _pan_, tout, et _glossa_, langue. B.',
               'Pangloss enseignait la métaphysico-théologo-cosmolonigologie. Il prouvait '
               "admirablement qu'il n'y a point d'effet sans cause, et que, dans ce meilleur des "
               'mondes possibles, le château de monseigneur le baron était le plus beau des '
               'châteaux, et madame la meilleure des baronnes possibles.'],
 'dante_1': ['LA DIVINA COMMEDIA\ndi Dante Alighieri',
             'INFERNO',
             'Inferno • Canto I',
             'Nel mezzo del cammin di nostra vita\n'
             'mi ritrovai per una selva oscura,\n'
             'ché la diritta via era smarrita.',
             'Ahi quanto a dir qual era è cosa dura\n'
             'esta selva selvaggia e aspra e forte\n'
             'che nel pensier rinova la paura!',
             'Tant’ è amara che poco è più morte;\n'
             'ma per trattar del ben ch’i’ vi trovai,\n'
             'dirò de l’altre cose ch’i’ v’ho scorte.',
             'Io non so ben ridir com’ i’ v’intrai,\n'
             'tant’ era pien di sonno a quel punto\n'
             'che la verace via abbandonai.',
             'Ma poi ch’i’ fui al piè d’un colle giunto,\n'
             'là dove terminava quella valle\n'
             'che m’avea di paura il cor compunto,',
             'guardai in alto e vidi le sue spalle\n'
             'vestite già de’ raggi del pianeta\n'
             'che mena dritto altrui per ogne calle.',
             'Allor fu la paura un poco queta,\n'
             'che nel lago del cor m’era durata\n'
             'la notte ch’i’ passai con tanta pieta.',
             'E come quei che con lena affannata,\n'
             'uscito fuor del pelago a la riva,\n'
             'si volge a l’acqua perigliosa e guata,',
             'così l’animo mio, ch’ancor fuggiva,\n'
             'si volse a retro a rimirar lo passo\n'
             'che non lasciò già mai persona viva.',
             'Poi ch’èi posato un poco il corpo lasso,\n'
             'ripresi via per la piaggia diserta,\n'
             'sì che ’l piè fermo sempre era ’l più basso.',
             'Ed ecco, quasi al cominciar de l’erta,\n'
             'una lonza leggera e presta molto,\n'
             'che di pel macolato era coverta;',
             'e non mi si partia dinanzi al volto,\n'
             'anzi ’mpediva tanto il mio cammino,\n'
             'ch’i’ fui per ritornar più volte vòlto.',
             'Temp’ era dal principio del mattino,\n'
             'e ’l sol montava ’n sù con quelle stelle\n'
             'ch’eran con lui quando l’amor divino',
             'mosse di prima quelle cose belle;\n'
             'sì ch’a bene sperar m’era cagione\n'
             'di quella fiera a la gaetta pelle',
             'l’ora del tempo e la dolce stagione;\n'
             'ma non sì che paura non mi desse\n'
             'la vista che m’apparve d’un leone.',
             'Questi parea che contra me venisse\n'
             'con la test’ alta e con rabbiosa fame,\n'
             'sì che parea che l’aere ne tremesse.',
             'Ed una lupa, che di tutte brame\n'
             'sembiava carca ne la sua magrezza,\n'
             'e molte genti fé già viver grame,',
             'questa mi porse tanto di gravezza\n'
             'con la paura ch’uscia di sua vista,\n'
             'ch’io perdei la speranza de l’altezza.'],
 'dante_3': ['Inferno • Canto III',
             '‘Per me si va ne la città dolente,\n'
             'per me si va ne l’etterno dolore,\n'
             'per me si va tra la perduta gente.',
             'Giustizia mosse il mio alto fattore;\n'
             'fecemi la divina podestate,\n'
             'la somma sapïenza e ’l primo amore.',
             'Dinanzi a me non fuor cose create\n'
             'se non etterne, e io etterno duro.\n'
             'Lasciate ogne speranza, voi ch’intrate’.',
             'Queste parole di colore oscuro\n'
             'vid’ ïo scritte al sommo d’una porta;\n'
             'per ch’io: «Maestro, il senso lor m’è duro».',
             'Ed elli a me, come persona accorta:\n'
             '«Qui si convien lasciare ogne sospetto;\n'
             'ogne viltà convien che qui sia morta.',
             'Noi siam venuti al loco ov’ i’ t’ho detto\n'
             'che tu vedrai le genti dolorose\n'
             'c’hanno perduto il ben de l’intelletto».',
             'E poi che la sua mano a la mia puose\n'
             'con lieto volto, ond’ io mi confortai,\n'
             'mi mise dentro a le segrete cose.',
             'Quivi sospiri, pianti e alti guai\n'
             'risonavan per l’aere sanza stelle,\n'
             'per ch’io al cominciar ne lagrimai.',
             'Diverse lingue, orribili favelle,\n'
             'parole di dolore, accenti d’ira,\n'
             'voci alte e fioche, e suon di man con elle',
             'facevano un tumulto, il qual s’aggira\n'
             'sempre in quell’ aura sanza tempo tinta,\n'
             'come la rena quando turbo spira.',
             'E io ch’avea d’error la testa cinta,\n'
             'dissi: «Maestro, che è quel ch’i’ odo?\n'
             'e che gent’ è che par nel duol sì vinta?».',
             'Ed elli a me: «Questo misero modo\n'
             'tegnon l’anime triste di coloro\n'
             'che visser sanza ’nfamia e sanza lodo.'],
 'devil_a': ['A',
             'ABASEMENT, n. A decent and customary mental attitude in the presence of wealth or '
             'power. Peculiarly appropriate in an employee when addressing an employer.',
             'ABATIS, n. Rubbish in front of a fort, to prevent the rubbish outside from molesting '
             'the rubbish inside.',
             'ABDICATION, n. An act whereby a sovereign attests his sense of the high temperature '
             'of the throne.',
             "Poor Isabella's Dead, whose abdication\n"
             'Set all tongues wagging in the Spanish nation.\n'
             "For that performance 'twere unfair to scold her:\n"
             'She wisely left a throne too hot to hold her.\n'
             "To History she'll be no royal riddle—\n"
             'Merely a plain parched pea that jumped the griddle.',
             'G.J.',
             'ABDOMEN, n. The temple of the god Stomach, in whose worship, with sacrificial '
             'rights, all true men engage. From women this ancient faith commands but a stammering '
             'assent. They sometimes minister at the altar in a half-hearted and ineffective way, '
             'but true reverence for the one deity that men really adore they know not. If woman '
             "had a free hand in the world's marketing the race would become graminivorous.",
             'ABILITY, n. The natural equipment to accomplish some small part of the meaner '
             'ambitions distinguishing able men from dead ones. In the last analysis ability is '
             'commonly found to consist mainly in a high degree of solemnity. Perhaps, however, '
             'this impressive quality is rightly appraised; it is no easy task to be solemn.',
             'ABNORMAL, adj. Not conforming to standard. In matters of thought and conduct, to be '
             'independent is to be abnormal, to be abnormal is to be detested. Wherefore the '
             'lexicographer adviseth a striving toward the straiter [sic] resemblance of the '
             'Average Man than he hath to himself. Whoso attaineth thereto shall have peace, the '
             'prospect of death and the hope of Hell.',
             'ABORIGINIES, n. Persons of little worth found cumbering the soil of a newly '
             'discovered country. They soon cease to cumber; they fertilize.',
             'ABRACADABRA.',
             'By _Abracadabra_ we signify\n'
             'An infinite number of things.\n'
             "'Tis the answer to What? and How? and Why?\n"
             'And Whence? and Whither?—a word whereby\n'
             'The Truth (with the comfort it brings)\n'
             'Is open to all who grope in night,\n'
             "Crying for Wisdom's holy light.",
             'Whether the word is a verb or a noun\n'
             'Is knowledge beyond my reach.\n'
             "I only know that 'tis handed down.\n"
             'From sage to sage,\n'
             'From age to age—\n'
             'An immortal part of speech!',
             'Of an ancient man the tale is told\n'
             'That he lived to be ten centuries old,\n'
             'In a cave on a mountain side.\n'
             '(True, he finally died.)\n'
             'The fame of his wisdom filled the land,\n'
             "For his head was bald, and you'll understand\n"
             'His beard was long and white\n'
             'And his eyes uncommonly bright.',
             'Philosophers gathered from far and near\n'
             'To sit at his feet and hear and hear,\n'
             'Though he never was heard\n'
             'To utter a word\n'
             'But "_Abracadabra, abracadab_,\n'
             '_Abracada, abracad_,\n'
             '_Abraca, abrac, abra, ab!_"\n'
             "'Twas all he had,\n"
             "'Twas all they wanted to hear, and each\n"
             'Made copious notes of the mystical speech,\n'
             'Which they published next—\n'
             'A trickle of text\n'
             'In a meadow of commentary.\n'
             'Mighty big books were these,\n'
             'In number, as leaves of trees;\n'
             'In learning, remarkable—very!',
             "He's dead,\n"
             'As I said,\n'
             'And the books of the sages have perished,\n'
             'But his wisdom is sacredly cherished.\n'
             'In _Abracadabra_ it solemnly rings,\n'
             'Like an ancient bell that forever swings.\n'
             'O, I love to hear\n'
             'That word make clear\n'
             "Humanity's General Sense of Things.",
             'Jamrach Holobom',
             'ABRIDGE, v.t. To shorten.',
             'When in the course of human events it becomes necessary for\n'
             'people to abridge their king, a decent respect for the opinions of\n'
             'mankind requires that they should declare the causes which impel\n'
             'them to the separation.',
             'Oliver Cromwell',
             'ABRUPT, adj. Sudden, without ceremony, like the arrival of a cannon- shot and the '
             'departure of the soldier whose interests are most affected by it. Dr. Samuel Johnson '
             'beautifully said of another author\'s ideas that they were "concatenated without '
             'abruption."',
             'ABSCOND, v.i. To "move in a mysterious way," commonly with the property of another.',
             'Spring beckons! All things to the call respond;\n'
             'The trees are leaving and cashiers abscond.',
             'Phela Orm',
             'ABSENT, adj. Peculiarly exposed to the tooth of detraction; vilifed; hopelessly in '
             'the wrong; superseded in the consideration and affection of another.',
             'To men a man is but a mind. Who cares\n'
             'What face he carries or what form he wears?\n'
             "But woman's body is the woman. O,\n"
             'Stay thou, my sweetheart, and do never go,\n'
             'But heed the warning words the sage hath said:\n'
             'A woman absent is a woman dead.',
             'Jogo Tyree'],
 'frank_l1': ['Letter 1',
              '_To Mrs. Saville, England._',
              'St. Petersburgh, Dec. 11th, 17—.',
              'You will rejoice to hear that no disaster has accompanied the commencement of an '
              'enterprise which you have regarded with such evil forebodings. I arrived here '
              'yesterday, and my first task is to assure my dear sister of my welfare and '
              'increasing confidence in the success of my undertaking.',
              'I am already far north of London, and as I walk in the streets of Petersburgh, I '
              'feel a cold northern breeze play upon my cheeks, which braces my nerves and fills '
              'me with delight. Do you understand this feeling? This breeze, which has travelled '
              'from the regions towards which I am advancing, gives me a foretaste of those icy '
              'climes. Inspirited by this wind of promise, my daydreams become more fervent and '
              'vivid. I try in vain to be persuaded that the pole is the seat of frost and '
              'desolation; it ever presents itself to my imagination as the region of beauty and '
              'delight. There, Margaret, the sun is for ever visible, its broad disk just skirting '
              'the horizon and diffusing a perpetual splendour. There—for with your leave, my '
              'sister, I will put some trust in preceding navigators—there snow and frost are '
              'banished; and, sailing over a calm sea, we may be wafted to a land surpassing in '
              'wonders and in beauty every region hitherto discovered on the habitable globe. Its '
              'productions and features may be without example, as the phenomena of the heavenly '
              'bodies undoubtedly are in those undiscovered solitudes. What may not be expected in '
              'a country of eternal light? I may there discover the wondrous power which attracts '
              'the needle and may regulate a thousand celestial observations that require only '
              'this voyage to render their seeming eccentricities consistent for ever. I shall '
              'satiate my ardent curiosity with the sight of a part of the world never before '
              'visited, and may tread a land never before imprinted by the foot of man. These are '
              'my enticements, and they are sufficient to conquer all fear of danger or death and '
              'to induce me to commence this laborious voyage with the joy a child feels when he '
              'embarks in a little boat, with his holiday mates, on an expedition of discovery up '
              'his native river. But supposing all these conjectures to be false, you cannot '
              'contest the inestimable benefit which I shall confer on all mankind, to the last '
              'generation, by discovering a passage near the pole to those countries, to reach '
              'which at present so many months are requisite; or by ascertaining the secret of the '
              'magnet, which, if at all possible, can only be effected by an undertaking such as '
              'mine.'],
 'frank_l2': ['_To Mrs. Saville, England._',
              'Archangel, 28th March, 17—.',
              'How slowly the time passes here, encompassed as I am by frost and snow! Yet a '
              'second step is taken towards my enterprise. I have hired a vessel and am occupied '
              'in collecting my sailors; those whom I have already engaged appear to be men on '
              'whom I can depend and are certainly possessed of dauntless courage.',
              'But I have one want which I have never yet been able to satisfy, and the absence of '
              'the object of which I now feel as a most severe evil, I have no friend, Margaret: '
              'when I am glowing with the enthusiasm of success, there will be none to participate '
              'my joy; if I am assailed by disappointment, no one will endeavour to sustain me in '
              'dejection. I shall commit my thoughts to paper, it is true; but that is a poor '
              'medium for the communication of feeling. I desire the company of a man who could '
              'sympathise with me, whose eyes would reply to mine. You may deem me romantic, my '
              'dear sister, but I bitterly feel the want of a friend. I have no one near me, '
              'gentle yet courageous, possessed of a cultivated as well as of a capacious mind, '
              'whose tastes are like my own, to approve or amend my plans. How would such a friend '
              'repair the faults of your poor brother! I am too ardent in execution and too '
              'impatient of difficulties. But it is a still greater evil to me that I am '
              'self-educated: for the first fourteen years of my life I ran wild on a common and '
              'read nothing but our Uncle Thomas’ books of voyages. At that age I became '
              'acquainted with the celebrated poets of our own country; but it was only when it '
              'had ceased to be in my power to derive its most important benefits from such a '
              'conviction that I perceived the necessity of becoming acquainted with more '
              'languages than that of my native country. Now I am twenty-eight and am in reality '
              'more illiterate than many schoolboys of fifteen. It is true that I have thought '
              'more and that my daydreams are more extended and magnificent, but they want (as the '
              'painters call it) _keeping;_ and I greatly need a friend who would have sense '
              'enough not to despise me as romantic, and affection enough for me to endeavour to '
              'regulate my mind.'],
 'holmes_identity': ['ADVENTURE III. A CASE OF IDENTITY',
                     '"My dear fellow," said Sherlock Holmes as we sat on either side of the fire '
                     'in his lodgings at Baker Street, "life is infinitely stranger than anything '
                     'which the mind of man could invent. We would not dare to conceive the things '
                     'which are really mere commonplaces of existence. If we could fly out of that '
                     'window hand in hand, hover over this great city, gently remove the roofs, '
                     'and peep in at the queer things which are going on, the strange '
                     'coincidences, the plannings, the cross-purposes, the wonderful chains of '
                     'events, working through generations, and leading to the most outré results, '
                     'it would make all fiction with its conventionalities and foreseen '
                     'conclusions most stale and unprofitable."',
                     '"And yet I am not convinced of it," I answered. "The cases which come to '
                     'light in the papers are, as a rule, bald enough, and vulgar enough. We have '
                     'in our police reports realism pushed to its extreme limits, and yet the '
                     'result is, it must be confessed, neither fascinating nor artistic."',
                     '"A certain selection and discretion must be used in producing a realistic '
                     'effect," remarked Holmes. "This is wanting in the police report, where more '
                     'stress is laid, perhaps, upon the platitudes of the magistrate than upon the '
                     'details, which to an observer contain the vital essence of the whole matter. '
                     'Depend upon it, there is nothing so unnatural as the commonplace."',
                     'I smiled and shook my head. "I can quite understand your thinking so," I '
                     'said. "Of course, in your position of unofficial adviser and helper to '
                     'everybody who is absolutely puzzled, throughout three continents, you are '
                     'brought in contact with all that is strange and bizarre. But here"—I picked '
                     'up the morning paper from the ground—"let us put it to a practical test. '
                     "Here is the first heading upon which I come. 'A husband's cruelty to his "
                     "wife.' There is half a column of print, but I know without reading it that "
                     'it is all perfectly familiar to me. There is, of course, the other woman, '
                     'the drink, the push, the blow, the bruise, the sympathetic sister or '
                     'landlady. The crudest of writers could invent nothing more crude."',
                     '"Indeed, your example is an unfortunate one for your argument," said Holmes, '
                     'taking the paper and glancing his eye down it. "This is the Dundas '
                     'separation case, and, as it happens, I was engaged in clearing up some small '
                     'points in connection with it. The husband was a teetotaler, there was no '
                     'other woman, and the conduct complained of was that he had drifted into the '
                     'habit of winding up every meal by taking out his false teeth and hurling '
                     'them at his wife, which, you will allow, is not an action likely to occur to '
                     'the imagination of the average story-teller. Take a pinch of snuff, Doctor, '
                     'and acknowledge that I have scored over you in your example."'],
 'holmes_red': ['I had called upon my friend, Mr. Sherlock Holmes, one day in the autumn of last '
                'year and found him in deep conversation with a very stout, florid-faced, elderly '
                'gentleman with fiery red hair. With an apology for my intrusion, I was about to '
                'withdraw when Holmes pulled me abruptly into the room and closed the door behind '
                'me.',
                '"You could not possibly have come at a better time, my dear Watson," he said '
                'cordially.',
                '"I was afraid that you were engaged."',
                '"So I am. Very much so."',
                '"Then I can wait in the next room."',
                '"Not at all. This gentleman, Mr. Wilson, has been my partner and helper in many '
                'of my most successful cases, and I have no doubt that he will be of the utmost '
                'use to me in yours also."',
                'The stout gentleman half rose from his chair and gave a bob of greeting, with a '
                'quick little questioning glance from his small fat-encircled eyes.',
                '"Try the settee," said Holmes, relapsing into his armchair and putting his '
                'fingertips together, as was his custom when in judicial moods. "I know, my dear '
                'Watson, that you share my love of all that is bizarre and outside the conventions '
                'and humdrum routine of everyday life. You have shown your relish for it by the '
                'enthusiasm which has prompted you to chronicle, and, if you will excuse my saying '
                'so, somewhat to embellish so many of my own little adventures."',
                '"Your cases have indeed been of the greatest interest to me," I observed.',
                '"You will remember that I remarked the other day, just before we went into the '
                'very simple problem presented by Miss Mary Sutherland, that for strange effects '
                'and extraordinary combinations we must go to life itself, which is always far '
                'more daring than any effort of the imagination."',
                '"A proposition which I took the liberty of doubting."',
                '"You did, Doctor, but none the less you must come round to my view, for otherwise '
                'I shall keep on piling fact upon fact on you until your reason breaks down under '
                'them and acknowledges me to be right. Now, Mr. Jabez Wilson here has been good '
                'enough to call upon me this morning, and to begin a narrative which promises to '
                'be one of the most singular which I have listened to for some time. You have '
                'heard me remark that the strangest and most unique things are very often '
                'connected not with the larger but with the smaller crimes, and occasionally, '
                'indeed, where there is room for doubt whether any positive crime has been '
                'committed. As far as I have heard it is impossible for me to say whether the '
                'present case is an instance of crime or not, but the course of events is '
                'certainly among the most singular that I have ever listened to. Perhaps, Mr. '
                'Wilson, you would have the great kindness to recommence your narrative. I ask you '
                'not merely because my friend Dr. Watson has not heard the opening part but also '
                'because the peculiar nature of the story makes me anxious to have every possible '
                'detail from your lips. As a rule, when I have heard some slight indication of the '
                'course of events, I am able to guide myself by the thousands of other similar '
                'cases which occur to my memory. In the present instance I am forced to admit that '
                'the facts are, to the best of my belief, unique."',
                'The portly client puffed out his chest with an appearance of some little pride '
                'and pulled a dirty and wrinkled newspaper from the inside pocket of his '
                'greatcoat. As he glanced down the advertisement column, with his head thrust '
                'forward and the paper flattened out upon his knee, I took a good look at the man '
                'and endeavoured, after the fashion of my companion, to read the indications which '
                'might be presented by his dress or appearance.',
                'I did not gain very much, however, by my inspection. Our visitor bore every mark '
                'of being an average commonplace British tradesman, obese, pompous, and slow. He '
                "wore rather baggy grey shepherd's check trousers, a not over-clean black "
                'frock-coat, unbuttoned in the front, and a drab waistcoat with a heavy brassy '
                'Albert chain, and a square pierced bit of metal dangling down as an ornament. A '
                'frayed top-hat and a faded brown overcoat with a wrinkled velvet collar lay upon '
                'a chair beside him. Altogether, look as I would, there was nothing remarkable '
                'about the man save his blazing red head, and the expression of extreme chagrin '
                'and discontent upon his features.',
                "Sherlock Holmes' quick eye took in my occupation, and he shook his head with a "
                'smile as he noticed my questioning glances. "Beyond the obvious facts that he has '
                'at some time done manual labour, that he takes snuff, that he is a Freemason, '
                'that he has been in China, and that he has done a considerable amount of writing '
                'lately, I can deduce nothing else."',
                'Mr. Jabez Wilson started up in his chair, with his forefinger upon the paper, but '
                'his eyes upon my companion.',
                '"How, in the name of good-fortune, did you know all that, Mr. Holmes?" he asked. '
                '"How did you know, for example, that I did manual labour. It\'s as true as '
                'gospel, for I began as a ship\'s carpenter."',
                '"Your hands, my dear sir. Your right hand is quite a size larger than your left. '
                'You have worked with it, and the muscles are more developed."',
                '"Well, the snuff, then, and the Freemasonry?"',
                '"I won\'t insult your intelligence by telling you how I read that, especially as, '
                'rather against the strict rules of your order, you use an arc-and-compass '
                'breastpin."',
                '"Ah, of course, I forgot that. But the writing?"',
                '"What else can be indicated by that right cuff so very shiny for five inches, and '
                'the left one with the smooth patch near the elbow where you rest it upon the '
                'desk?"'],
 'holmes_scandal': ['To Sherlock Holmes she is always THE woman. I have seldom heard him mention '
                    'her under any other name. In his eyes she eclipses and predominates the whole '
                    'of her sex. It was not that he felt any emotion akin to love for Irene Adler. '
                    'All emotions, and that one particularly, were abhorrent to his cold, precise '
                    'but admirably balanced mind. He was, I take it, the most perfect reasoning '
                    'and observing machine that the world has seen, but as a lover he would have '
                    'placed himself in a false position. He never spoke of the softer passions, '
                    'save with a gibe and a sneer. They were admirable things for the '
                    "observer—excellent for drawing the veil from men's motives and actions. But "
                    'for the trained reasoner to admit such intrusions into his own delicate and '
                    'finely adjusted temperament was to introduce a distracting factor which might '
                    'throw a doubt upon all his mental results. Grit in a sensitive instrument, or '
                    'a crack in one of his own high-power lenses, would not be more disturbing '
                    'than a strong emotion in a nature such as his. And yet there was but one '
                    'woman to him, and that woman was the late Irene Adler, of dubious and '
                    'questionable memory.',
                    'I had seen little of Holmes lately. My marriage had drifted us away from each '
                    'other. My own complete happiness, and the home-centred interests which rise '
                    'up around the man who first finds himself master of his own establishment, '
                    'were sufficient to absorb all my attention, while Holmes, who loathed every '
                    'form of society with his whole Bohemian soul, remained in our lodgings in '
                    'Baker Street, buried among his old books, and alternating from week to week '
                    'between cocaine and ambition, the drowsiness of the drug, and the fierce '
                    'energy of his own keen nature. He was still, as ever, deeply attracted by the '
                    'study of crime, and occupied his immense faculties and extraordinary powers '
                    'of observation in following out those clues, and clearing up those mysteries '
                    'which had been abandoned as hopeless by the official police. From time to '
                    'time I heard some vague account of his doings: of his summons to Odessa in '
                    'the case of the Trepoff murder, of his clearing up of the singular tragedy of '
                    'the Atkinson brothers at Trincomalee, and finally of the mission which he had '
                    'accomplished so delicately and successfully for the reigning family of '
                    'Holland. Beyond these signs of his activity, however, which I merely shared '
                    'with all the readers of the daily press, I knew little of my former friend '
                    'and companion.',
                    'One night—it was on the twentieth of March, 1888—I was returning from a '
                    'journey to a patient (for I had now returned to civil practice), when my way '
                    'led me through Baker Street. As I passed the well-remembered door, which must '
                    'always be associated in my mind with my wooing, and with the dark incidents '
                    'of the Study in Scarlet, I was seized with a keen desire to see Holmes again, '
                    'and to know how he was employing his extraordinary powers. His rooms were '
                    'brilliantly lit, and, even as I looked up, I saw his tall, spare figure pass '
                    'twice in a dark silhouette against the blind. He was pacing the room swiftly, '
                    'eagerly, with his head sunk upon his chest and his hands clasped behind him. '
                    'To me, who knew his every mood and habit, his attitude and manner told their '
                    'own story. He was at work again. He had risen out of his drug-created dreams '
                    'and was hot upon the scent of some new problem. I rang the bell and was shown '
                    'up to the chamber which had formerly been in part my own.',
                    'His manner was not effusive. It seldom was; but he was glad, I think, to see '
                    'me. With hardly a word spoken, but with a kindly eye, he waved me to an '
                    'armchair, threw across his case of cigars, and indicated a spirit case and a '
                    'gasogene in the corner. Then he stood before the fire and looked me over in '
                    'his singular introspective fashion.'],
 'kafka_1': ['I.',
             'Als Gregor Samsa eines Morgens aus unruhigen Träumen erwachte, fand er sich in '
             'seinem Bett zu einem ungeheueren Ungeziefer verwandelt. Er lag auf seinem '
             'panzerartig harten Rücken und sah, wenn er den Kopf ein wenig hob, seinen gewölbten, '
             'braunen, von bogenförmigen Versteifungen geteilten Bauch, auf dessen Höhe sich die '
             'Bettdecke, zum gänzlichen Niedergleiten bereit, kaum noch erhalten konnte. Seine '
             'vielen, im Vergleich zu seinem sonstigen Umfang kläglich dünnen Beine flimmerten ihm '
             'hilflos vor den Augen.',
             '»Was ist mit mir geschehen?« dachte er. Es war kein Traum. Sein Zimmer, ein '
             'richtiges, nur etwas zu kleines Menschenzimmer, lag ruhig zwischen den vier '
             'wohlbekannten Wänden. Über dem Tisch, auf dem eine auseinandergepackte '
             'Musterkollektion von Tuchwaren ausgebreitet war — Samsa war Reisender —, hing das '
             'Bild, das er vor kurzem aus einer illustrierten Zeitschrift ausgeschnitten und in '
             'einem hübschen, vergoldeten Rahmen untergebracht hatte. Es stellte eine Dame dar, '
             'die, mit einem Pelzhut und einer Pelzboa versehen, aufrecht dasaß und einen schweren '
             'Pelzmuff, in dem ihr ganzer Unterarm verschwunden war, dem Beschauer entgegenhob.',
             'Gregors Blick richtete sich dann zum Fenster, und das trübe Wetter — man hörte '
             'Regentropfen auf das Fensterblech aufschlagen — machte ihn ganz melancholisch. »Wie '
             'wäre es, wenn ich noch ein wenig weiterschliefe und alle Narrheiten vergäße,« dachte '
             'er, aber das war gänzlich undurchführbar, denn er war gewöhnt, auf der rechten Seite '
             'zu schlafen, konnte sich aber in seinem gegenwärtigen Zustand nicht in diese Lage '
             'bringen. Mit welcher Kraft er sich auch auf die rechte Seite warf, immer wieder '
             'schaukelte er in die Rückenlage zurück. Er versuchte es wohl hundertmal, schloß die '
             'Augen, um die zappelnden Beine nicht sehen zu müssen, und ließ erst ab, als er in '
             'der Seite einen noch nie gefühlten, leichten, dumpfen Schmerz zu fühlen begann.',
             '»Ach Gott,« dachte er, »was für einen anstrengenden Beruf habe ich gewählt! Tag aus, '
             'Tag ein auf der Reise. Die geschäftlichen Aufregungen sind viel größer, als im '
             'eigentlichen Geschäft zu Hause, und außerdem ist mir noch diese Plage des Reisens '
             'auferlegt, die Sorgen um die Zuganschlüsse, das unregelmäßige, schlechte Essen, ein '
             'immer wechselnder, nie andauernder, nie herzlich werdender menschlicher Verkehr. Der '
             'Teufel soll das alles holen!« Er fühlte ein leichtes Jucken oben auf dem Bauch; '
             'schob sich auf dem Rücken langsam näher zum Bettpfosten, um den Kopf besser heben zu '
             'können; fand die juckende Stelle, die mit lauter kleinen weißen Pünktchen besetzt '
             'war, die er nicht zu beurteilen verstand; und wollte mit einem Bein die Stelle '
             'betasten, zog es aber gleich zurück, denn bei der Berührung umwehten ihn '
             'Kälteschauer.'],
 'kafka_2': ['II.',
             'Erst in der Abenddämmerung erwachte Gregor aus seinem schweren ohnmachtähnlichen '
             'Schlaf. Er wäre gewiß nicht viel später auch ohne Störung erwacht, denn er fühlte '
             'sich genügend ausgeruht und ausgeschlafen, doch schien es ihm, als hätte ihn ein '
             'flüchtiger Schritt und ein vorsichtiges Schließen der zum Vorzimmer führenden Tür '
             'geweckt. Der Schein der elektrischen Straßenbahn lag bleich hier und da auf der '
             'Zimmerdecke und auf den höheren Teilen der Möbel, aber unten bei Gregor war es '
             'finster. Langsam schob er sich, noch ungeschickt mit seinen Fühlern tastend, die er '
             'jetzt erst schätzen lernte, zur Türe hin, um nachzusehen, was dort geschehen war. '
             'Seine linke Seite schien eine einzige lange, unangenehm spannende Narbe, und er '
             'mußte auf seinen zwei Beinreihen regelrecht hinken. Ein Beinchen war übrigens im '
             'Laufe der vormittägigen Vorfälle schwer verletzt worden — es war fast ein Wunder, '
             'daß nur eines verletzt worden war — und schleppte leblos nach.',
             'Erst bei der Tür merkte er, was ihn dorthin eigentlich gelockt hatte; es war der '
             'Geruch von etwas Eßbarem gewesen. Denn dort stand ein Napf mit süßer Milch gefüllt, '
             'in der kleine Schnitte von Weißbrot schwammen. Fast hätte er vor Freude gelacht, '
             'denn er hatte noch größeren Hunger als am Morgen, und gleich tauchte er seinen Kopf '
             'fast bis über die Augen in die Milch hinein. Aber bald zog er ihn enttäuscht wieder '
             'zurück; nicht nur, daß ihm das Essen wegen seiner heiklen linken Seite '
             'Schwierigkeiten machte — und er konnte nur essen, wenn der ganze Körper schnaufend '
             'mitarbeitete —, so schmeckte ihm überdies die Milch, die sonst sein Lieblingsgetränk '
             'war und die ihm gewiß die Schwester deshalb hereingestellt hatte, gar nicht, ja er '
             'wandte sich fast mit Widerwillen von dem Napf ab und kroch in die Zimmermitte '
             'zurück.'],
 'moby_cetology': ['CHAPTER 32. Cetology.',
                   'Already we are boldly launched upon the deep; but soon we shall be lost in its '
                   'unshored, harbourless immensities. Ere that come to pass; ere the Pequod’s '
                   'weedy hull rolls side by side with the barnacled hulls of the leviathan; at '
                   'the outset it is but well to attend to a matter almost indispensable to a '
                   'thorough appreciative understanding of the more special leviathanic '
                   'revelations and allusions of all sorts which are to follow.'],
 'moby_ch1': ['CHAPTER 1. Loomings.',
              'Call me Ishmael. Some years ago—never mind how long precisely—having little or no '
              'money in my purse, and nothing particular to interest me on shore, I thought I '
              'would sail about a little and see the watery part of the world. It is a way I have '
              'of driving off the spleen and regulating the circulation. Whenever I find myself '
              'growing grim about the mouth; whenever it is a damp, drizzly November in my soul; '
              'whenever I find myself involuntarily pausing before coffin warehouses, and bringing '
              'up the rear of every funeral I meet; and especially whenever my hypos get such an '
              'upper hand of me, that it requires a strong moral principle to prevent me from '
              'deliberately stepping into the street, and methodically knocking people’s hats '
              'off—then, I account it high time to get to sea as soon as I can. This is my '
              'substitute for pistol and ball. With a philosophical flourish Cato throws himself '
              'upon his sword; I quietly take to the ship. There is nothing surprising in this. If '
              'they but knew it, almost all men in their degree, some time or other, cherish very '
              'nearly the same feelings towards the ocean with me.',
              'There now is your insular city of the Manhattoes, belted round by wharves as Indian '
              'isles by coral reefs—commerce surrounds it with her surf. Right and left, the '
              'streets take you waterward. Its extreme downtown is the battery, where that noble '
              'mole is washed by waves, and cooled by breezes, which a few hours previous were out '
              'of sight of land. Look at the crowds of water-gazers there.',
              'Circumambulate the city of a dreamy Sabbath afternoon. Go from Corlears Hook to '
              'Coenties Slip, and from thence, by Whitehall, northward. What do you see?—Posted '
              'like silent sentinels all around the town, stand thousands upon thousands of mortal '
              'men fixed in ocean reveries. Some leaning against the spiles; some seated upon the '
              'pier-heads; some looking over the bulwarks of ships from China; some high aloft in '
              'the rigging, as if striving to get a still better seaward peep. But these are all '
              'landsmen; of week days pent up in lath and plaster—tied to counters, nailed to '
              'benches, clinched to desks. How then is this? Are the green fields gone? What do '
              'they here?',
              'But look! here come more crowds, pacing straight for the water, and seemingly bound '
              'for a dive. Strange! Nothing will content them but the extremest limit of the land; '
              'loitering under the shady lee of yonder warehouses will not suffice. No. They must '
              'get just as nigh the water as they possibly can without falling in. And there they '
              'stand—miles of them—leagues. Inlanders all, they come from lanes and alleys, '
              'streets and avenues—north, east, south, and west. Yet here they all unite. Tell me, '
              'does the magnetic virtue of the needles of the compasses of all those ships attract '
              'them thither?',
              'Once more. Say you are in the country; in some high land of lakes. Take almost any '
              'path you please, and ten to one it carries you down in a dale, and leaves you there '
              'by a pool in the stream. There is magic in it. Let the most absent-minded of men be '
              'plunged in his deepest reveries—stand that man on his legs, set his feet a-going, '
              'and he will infallibly lead you to water, if water there be in all that region. '
              'Should you ever be athirst in the great American desert, try this experiment, if '
              'your caravan happen to be supplied with a metaphysical professor. Yes, as every one '
              'knows, meditation and water are wedded for ever.'],
 'moby_extracts': ['EXTRACTS.',
                   '“Now the Lord had prepared a great fish to swallow up Jonah.” —_Jonah_.',
                   '“There go the ships; there is that Leviathan whom thou hast made to play '
                   'therein.” —_Psalms_.',
                   '“In that day, the Lord with his sore, and great, and strong sword, shall '
                   'punish Leviathan the piercing serpent, even Leviathan that crooked serpent; '
                   'and he shall slay the dragon that is in the sea.” —_Isaiah_.',
                   '“And what thing soever besides cometh within the chaos of this monster’s '
                   'mouth, be it beast, boat, or stone, down it goes all incontinently that foul '
                   'great swallow of his, and perisheth in the bottomless gulf of his paunch.” '
                   '—_Holland’s Plutarch’s Morals_.',
                   '“The Indian Sea breedeth the most and the biggest fishes that are: among which '
                   'the Whales and Whirlpooles called Balaene, take up as much in length as four '
                   'acres or arpens of land.” —_Holland’s Pliny_.',
                   '“Scarcely had we proceeded two days on the sea, when about sunrise a great '
                   'many Whales and other monsters of the sea, appeared. Among the former, one was '
                   'of a most monstrous size.... This came towards us, open-mouthed, raising the '
                   'waves on all sides, and beating the sea before him into a foam.” —_Tooke’s '
                   'Lucian_. “_The True History_.”',
                   '“He visited this country also with a view of catching horse-whales, which had '
                   'bones of very great value for their teeth, of which he brought some to the '
                   'king.... The best whales were catched in his own country, of which some were '
                   'forty-eight, some fifty yards long. He said that he was one of six who had '
                   'killed sixty in two days.” —_Other or Other’s verbal narrative taken down from '
                   'his mouth by King Alfred, A.D._ 890.',
                   '“And whereas all the other things, whether beast or vessel, that enter into '
                   'the dreadful gulf of this monster’s (whale’s) mouth, are immediately lost and '
                   'swallowed up, the sea-gudgeon retires into it in great security, and there '
                   'sleeps.” —MONTAIGNE. —_Apology for Raimond Sebond_.',
                   '“Let us fly, let us fly! Old Nick take me if is not Leviathan described by the '
                   'noble prophet Moses in the life of patient Job.” —_Rabelais_.',
                   '“The great Leviathan that maketh the seas to seethe like boiling pan.” —_Lord '
                   'Bacon’s Version of the Psalms_.',
                   '“Touching that monstrous bulk of the whale or ork we have received nothing '
                   'certain. They grow exceeding fat, insomuch that an incredible quantity of oil '
                   'will be extracted out of one whale.” —_Ibid_. “_History of Life and Death_.”',
                   '“The sovereignest thing on earth is parmacetti for an inward bruise.” —_King '
                   'Henry_.',
                   '“Which to secure, no skill of leach’s art Mote him availle, but to returne '
                   'againe To his wound’s worker, that with lowly dart, Dinting his breast, had '
                   'bred his restless paine, Like as the wounded whale to shore flies thro’ the '
                   'maine.” —_The Faerie Queen_.',
                   '“Immense as whales, the motion of whose vast bodies can in a peaceful calm '
                   'trouble the ocean till it boil.” —_Sir William Davenant. Preface to '
                   'Gondibert_.',
                   '“What spermacetti is, men might justly doubt, since the learned Hosmannus in '
                   'his work of thirty years, saith plainly, _Nescio quid sit_.” —_Sir T. Browne. '
                   'Of Sperma Ceti and the Sperma Ceti Whale. Vide his V. E._',
                   '“Like Spencer’s Talus with his modern flail He threatens ruin with his '
                   'ponderous tail. ... Their fixed jav’lins in his side he wears, And on his back '
                   'a grove of pikes appears.” —_Waller’s Battle of the Summer Islands_.',
                   '“By art is created that great Leviathan, called a Commonwealth or State—(in '
                   'Latin, Civitas) which is but an artificial man.” —_Opening sentence of '
                   'Hobbes’s Leviathan_.',
                   '“Silly Mansoul swallowed it without chewing, as if it had been a sprat in the '
                   'mouth of a whale.” —_Pilgrim’s Progress_.',
                   '“That sea beast Leviathan, which God of all his works Created hugest that swim '
                   'the ocean stream.” —_Paradise Lost_.',
                   '—“There Leviathan, Hugest of living creatures, in the deep Stretched like a '
                   'promontory sleeps or swims, And seems a moving land; and at his gills Draws '
                   'in, and at his breath spouts out a sea.” —_Ibid_.',
                   '“So close behind some promontory lie The huge Leviathan to attend their prey, '
                   'And give no chance, but swallow in the fry, Which through their gaping jaws '
                   'mistake the way.” —_Dryden’s Annus Mirabilis_.',
                   '“While the whale is floating at the stern of the ship, they cut off his head, '
                   'and tow it with a boat as near the shore as it will come; but it will be '
                   'aground in twelve or thirteen feet water.” —_Thomas Edge’s Ten Voyages to '
                   'Spitzbergen, in Purchas_.',
                   '“In their way they saw many whales sporting in the ocean, and in wantonness '
                   'fuzzing up the water through their pipes and vents, which nature has placed on '
                   'their shoulders.” —_Sir T. Herbert’s Voyages into Asia and Africa. Harris '
                   'Coll_.',
                   '“Here they saw such huge troops of whales, that they were forced to proceed '
                   'with a great deal of caution for fear they should run their ship upon them.” '
                   '—_Schouten’s Sixth Circumnavigation_.',
                   '“We set sail from the Elbe, wind N.E. in the ship called The '
                   'Jonas-in-the-Whale.... Some say the whale can’t open his mouth, but that is a '
                   'fable.... They frequently climb up the masts to see whether they can see a '
                   'whale, for the first discoverer has a ducat for his pains.... I was told of a '
                   'whale taken near Shetland, that had above a barrel of herrings in his '
                   'belly.... One of our harpooneers told me that he caught once a whale in '
                   'Spitzbergen that was white all over.” —_A Voyage to Greenland, A.D._ 1671. '
                   '_Harris Coll_.',
                   '“Several whales have come in upon this coast (Fife) Anno 1652, one eighty feet '
                   'in length of the whale-bone kind came in, which (as I was informed), besides a '
                   'vast quantity of oil, did afford 500 weight of baleen. The jaws of it stand '
                   'for a gate in the garden of Pitferren.” —_Sibbald’s Fife and Kinross_.',
                   '“Myself have agreed to try whether I can master and kill this Sperma-ceti '
                   'whale, for I could never hear of any of that sort that was killed by any man, '
                   'such is his fierceness and swiftness.” —_Richard Strafford’s Letter from the '
                   'Bermudas. Phil. Trans. A.D._ 1668.',
                   '“We saw also abundance of large whales, there being more in those southern '
                   'seas, as I may say, by a hundred to one; than we have to the northward of us.” '
                   '—_Captain Cowley’s Voyage round the Globe, A.D._ 1729.',
                   '“... and the breath of the whale is frequently attended with such an '
                   'insupportable smell, as to bring on a disorder of the brain.” —_Ulloa’s South '
                   'America_.',
                   '“To fifty chosen sylphs of special note, We trust the important charge, the '
                   'petticoat. Oft have we known that seven-fold fence to fail, Tho’ stuffed with '
                   'hoops and armed with ribs of whale.” —_Rape of the Lock_.'],
 'moby_quotes': ['“And God created great whales.” —_Genesis_.',
                 '“Leviathan maketh a path to shine after him; One would think the deep to be '
                 'hoary.” —_Job_.',
                 '“This whale’s liver was two cartloads.” —_Stowe’s Annals_.',
                 '“Very like a whale.” —_Hamlet_.',
                 '“The mighty whales which swim in a sea of water, and have a sea of oil swimming '
                 'in them.” —_Fuller’s Profane and Holy State_.',
                 '“Whales in the sea God’s voice obey.” —_N. E. Primer_.'],
 'pp_ch1': ['Chapter 1',
            'It is a truth universally acknowledged, that a single man in possession of a good '
            'fortune, must be in want of a wife.',
            'However little known the feelings or views of such a man may be on his first entering '
            'a neighbourhood, this truth is so well fixed in the minds of the surrounding '
            'families, that he is considered the rightful property of some one or other of their '
            'daughters.',
            '“My dear Mr. Bennet,” said his lady to him one day, “have you heard that Netherfield '
            'Park is let at last?”',
            'Mr. Bennet replied that he had not.',
            '“But it is,” returned she; “for Mrs. Long has just been here, and she told me all '
            'about it.”',
            'Mr. Bennet made no answer.',
            '“Do you not want to know who has taken it?” cried his wife impatiently.',
            '“_You_ want to tell me, and I have no objection to hearing it.”',
            'This was invitation enough.',
            '“Why, my dear, you must know, Mrs. Long says that Netherfield is taken by a young man '
            'of large fortune from the north of England; that he came down on Monday in a chaise '
            'and four to see the place, and was so much delighted with it, that he agreed with Mr. '
            'Morris immediately; that he is to take possession before Michaelmas, and some of his '
            'servants are to be in the house by the end of next week.”',
            '“What is his name?”',
            '“Bingley.”',
            '“Is he married or single?”',
            '“Oh! Single, my dear, to be sure! A single man of large fortune; four or five '
            'thousand a year. What a fine thing for our girls!”',
            '“How so? How can it affect them?”',
            '“My dear Mr. Bennet,” replied his wife, “how can you be so tiresome! You must know '
            'that I am thinking of his marrying one of them.”',
            '“Is that his design in settling here?”',
            '“Design! Nonsense, how can you talk so! But it is very likely that he _may_ fall in '
            'love with one of them, and therefore you must visit him as soon as he comes.”',
            '“I see no occasion for that. You and the girls may go, or you may send them by '
            'themselves, which perhaps will be still better, for as you are as handsome as any of '
            'them, Mr. Bingley may like you the best of the party.”'],
 'pp_ch2': ['Chapter 2',
            'Mr. Bennet was among the earliest of those who waited on Mr. Bingley. He had always '
            'intended to visit him, though to the last always assuring his wife that he should not '
            'go; and till the evening after the visit was paid she had no knowledge of it. It was '
            'then disclosed in the following manner. Observing his second daughter employed in '
            'trimming a hat, he suddenly addressed her with:',
            '“I hope Mr. Bingley will like it, Lizzy.”',
            '“We are not in a way to know _what_ Mr. Bingley likes,” said her mother resentfully, '
            '“since we are not to visit.”',
            '“But you forget, mamma,” said Elizabeth, “that we shall meet him at the assemblies, '
            'and that Mrs. Long promised to introduce him.”',
            '“I do not believe Mrs. Long will do any such thing. She has two nieces of her own. '
            'She is a selfish, hypocritical woman, and I have no opinion of her.”',
            '“No more have I,” said Mr. Bennet; “and I am glad to find that you do not depend on '
            'her serving you.”',
            'Mrs. Bennet deigned not to make any reply, but, unable to contain herself, began '
            'scolding one of her daughters.',
            "“Don't keep coughing so, Kitty, for Heaven's sake! Have a little compassion on my "
            'nerves. You tear them to pieces.”',
            '“Kitty has no discretion in her coughs,” said her father; “she times them ill.”',
            '“I do not cough for my own amusement,” replied Kitty fretfully. “When is your next '
            'ball to be, Lizzy?”',
            '“To-morrow fortnight.”',
            '“Aye, so it is,” cried her mother, “and Mrs. Long does not come back till the day '
            'before; so it will be impossible for her to introduce him, for she will not know him '
            'herself.”',
            '“Then, my dear, you may have the advantage of your friend, and introduce Mr. Bingley '
            'to _her_.”',
            '“Impossible, Mr. Bennet, impossible, when I am not acquainted with him myself; how '
            'can you be so teasing?”',
            "“I honour your circumspection. A fortnight's acquaintance is certainly very little. "
            'One cannot know what a man really is by the end of a fortnight. But if _we_ do not '
            'venture somebody else will; and after all, Mrs. Long and her neices must stand their '
            'chance; and, therefore, as she will think it an act of kindness, if you decline the '
            'office, I will take it on myself.”',
            'The girls stared at their father. Mrs. Bennet said only, “Nonsense, nonsense!”',
            '“What can be the meaning of that emphatic exclamation?” cried he. “Do you consider '
            'the forms of introduction, and the stress that is laid on them, as nonsense? I cannot '
            'quite agree with you _there_. What say you, Mary? For you are a young lady of deep '
            'reflection, I know, and read great books and make extracts.”',
            'Mary wished to say something sensible, but knew not how.',
            '“While Mary is adjusting her ideas,” he continued, “let us return to Mr. Bingley.”',
            '“I am sick of Mr. Bingley,” cried his wife.',
            '“I am sorry to hear _that_; but why did not you tell me that before? If I had known '
            'as much this morning I certainly would not have called on him. It is very unlucky; '
            'but as I have actually paid the visit, we cannot escape the acquaintance now.”',
            'The astonishment of the ladies was just what he wished; that of Mrs. Bennet perhaps '
            'surpassing the rest; though, when the first tumult of joy was over, she began to '
            'declare that it was what she had expected all the while.',
            '“How good it was in you, my dear Mr. Bennet! But I knew I should persuade you at '
            'last. I was sure you loved your girls too well to neglect such an acquaintance. Well, '
            'how pleased I am! and it is such a good joke, too, that you should have gone this '
            'morning and never said a word about it till now.”',
            '“Now, Kitty, you may cough as much as you choose,” said Mr. Bennet; and, as he spoke, '
            'he left the room, fatigued with the raptures of his wife.',
            '“What an excellent father you have, girls!” said she, when the door was shut. “I do '
            'not know how you will ever make him amends for his kindness; or me, either, for that '
            'matter. At our time of life it is not so pleasant, I can tell you, to be making new '
            'acquaintances every day; but for your sakes, we would do anything. Lydia, my love, '
            'though you _are_ the youngest, I dare say Mr. Bingley will dance with you at the next '
            'ball.”',
            "“Oh!” said Lydia stoutly, “I am not afraid; for though I _am_ the youngest, I'm the "
            'tallest.”',
            'The rest of the evening was spent in conjecturing how soon he would return Mr. '
            "Bennet's visit, and determining when they should ask him to dinner.",
            'Chapter 3',
            'Not all that Mrs. Bennet, however, with the assistance of her five daughters, could '
            'ask on the subject, was sufficient to draw from her husband any satisfactory '
            'description of Mr. Bingley. They attacked him in various ways—with barefaced '
            'questions, ingenious suppositions, and distant surmises; but he eluded the skill of '
            'them all, and they were at last obliged to accept the second-hand intelligence of '
            'their neighbour, Lady Lucas. Her report was highly favourable. Sir William had been '
            'delighted with him. He was quite young, wonderfully handsome, extremely agreeable, '
            'and, to crown the whole, he meant to be at the next assembly with a large party. '
            'Nothing could be more delightful! To be fond of dancing was a certain step towards '
            "falling in love; and very lively hopes of Mr. Bingley's heart were entertained.",
            '“If I can but see one of my daughters happily settled at Netherfield,” said Mrs. '
            'Bennet to her husband, “and all the others equally well married, I shall have nothing '
            'to wish for.”',
            "In a few days Mr. Bingley returned Mr. Bennet's visit, and sat about ten minutes with "
            'him in his library. He had entertained hopes of being admitted to a sight of the '
            'young ladies, of whose beauty he had heard much; but he saw only the father. The '
            'ladies were somewhat more fortunate, for they had the advantage of ascertaining from '
            'an upper window that he wore a blue coat, and rode a black horse.',
            'An invitation to dinner was soon afterwards dispatched; and already had Mrs. Bennet '
            'planned the courses that were to do credit to her housekeeping, when an answer '
            'arrived which deferred it all. Mr. Bingley was obliged to be in town the following '
            'day, and, consequently, unable to accept the honour of their invitation, etc. Mrs. '
            'Bennet was quite disconcerted. She could not imagine what business he could have in '
            'town so soon after his arrival in Hertfordshire; and she began to fear that he might '
            'be always flying about from one place to another, and never settled at Netherfield as '
            'he ought to be. Lady Lucas quieted her fears a little by starting the idea of his '
            'being gone to London only to get a large party for the ball; and a report soon '
            'followed that Mr. Bingley was to bring twelve ladies and seven gentlemen with him to '
            'the assembly. The girls grieved over such a number of ladies, but were comforted the '
            'day before the ball by hearing, that instead of twelve he brought only six with him '
            'from London—his five sisters and a cousin. And when the party entered the assembly '
            'room it consisted of only five altogether—Mr. Bingley, his two sisters, the husband '
            'of the eldest, and another young man.',
            'Mr. Bingley was good-looking and gentlemanlike; he had a pleasant countenance, and '
            'easy, unaffected manners. His sisters were fine women, with an air of decided '
            'fashion. His brother-in-law, Mr. Hurst, merely looked the gentleman; but his friend '
            'Mr. Darcy soon drew the attention of the room by his fine, tall person, handsome '
            'features, noble mien, and the report which was in general circulation within five '
            'minutes after his entrance, of his having ten thousand a year. The gentlemen '
            'pronounced him to be a fine figure of a man, the ladies declared he was much '
            'handsomer than Mr. Bingley, and he was looked at with great admiration for about half '
            'the evening, till his manners gave a disgust which turned the tide of his popularity; '
            'for he was discovered to be proud; to be above his company, and above being pleased; '
            'and not all his large estate in Derbyshire could then save him from having a most '
            'forbidding, disagreeable countenance, and being unworthy to be compared with his '
            'friend.'],
 'quijote_1': ['Primera parte del ingenioso hidalgo don Quijote de la Mancha',
               'Capítulo primero. Que trata de la condición y ejercicio del famoso hidalgo don '
               'Quijote de la Mancha',
               'En un lugar de la Mancha, de cuyo nombre no quiero acordarme, no ha mucho tiempo '
               'que vivía un hidalgo de los de lanza en astillero, adarga antigua, rocín flaco y '
               'galgo corredor. Una olla de algo más vaca que carnero, salpicón las más noches, '
               'duelos y quebrantos los sábados, lantejas los viernes, algún palomino de añadidura '
               'los domingos, consumían las tres partes de su hacienda. El resto della concluían '
               'sayo de velarte, calzas de velludo para las fiestas, con sus pantuflos de lo '
               'mesmo, y los días de entresemana se honraba con su vellorí de lo más fino. Tenía '
               'en su casa una ama que pasaba de los cuarenta, y una sobrina que no llegaba a los '
               'veinte, y un mozo de campo y plaza, que así ensillaba el rocín como tomaba la '
               'podadera. Frisaba la edad de nuestro hidalgo con los cincuenta años; era de '
               'complexión recia, seco de carnes, enjuto de rostro, gran madrugador y amigo de la '
               'caza. Quieren decir que tenía el sobrenombre de Quijada, o Quesada, que en esto '
               'hay alguna diferencia en los autores que deste caso escriben; aunque, por '
               'conjeturas verosímiles, se deja entender que se llamaba Quejana. Pero esto importa '
               'poco a nuestro cuento; basta que en la narración dél no se salga un punto de la '
               'verdad.',
               'Es, pues, de saber que este sobredicho hidalgo, los ratos que estaba ocioso, que '
               'eran los más del año, se daba a leer libros de caballerías, con tanta afición y '
               'gusto, que olvidó casi de todo punto el ejercicio de la caza, y aun la '
               'administración de su hacienda. Y llegó a tanto su curiosidad y desatino en esto, '
               'que vendió muchas hanegas de tierra de sembradura para comprar libros de '
               'caballerías en que leer, y así, llevó a su casa todos cuantos pudo haber dellos; y '
               'de todos, ningunos le parecían tan bien como los que compuso el famoso Feliciano '
               'de Silva, porque la claridad de su prosa y aquellas entricadas razones suyas le '
               'parecían de perlas, y más cuando llegaba a leer aquellos requiebros y cartas de '
               'desafíos, donde en muchas partes hallaba escrito: La razón de la sinrazón que a mi '
               'razón se hace, de tal manera mi razón enflaquece, que con razón me quejo de la '
               'vuestra fermosura. Y también cuando leía: ...los altos cielos que de vuestra '
               'divinidad divinamente con las estrellas os fortifican, y os hacen merecedora del '
               'merecimiento que merece la vuestra grandeza.',
               'Con estas razones perdía el pobre caballero el juicio, y desvelábase por '
               'entenderlas y desentrañarles el sentido, que no se lo sacara ni las entendiera el '
               'mesmo Aristóteles, si resucitara para sólo ello. No estaba muy bien con las '
               'heridas que don Belianís daba y recebía, porque se imaginaba que, por grandes '
               'maestros que le hubiesen curado, no dejaría de tener el rostro y todo el cuerpo '
               'lleno de cicatrices y señales. Pero, con todo, alababa en su autor aquel acabar su '
               'libro con la promesa de aquella inacabable aventura, y muchas veces le vino deseo '
               'de tomar la pluma y dalle fin al pie de la letra, como allí se promete; y sin duda '
               'alguna lo hiciera, y aun saliera con ello, si otros mayores y continuos '
               'pensamientos no se lo estorbaran. Tuvo muchas veces competencia con el cura de su '
               'lugar -que era hombre docto, graduado en Sigüenza-, sobre cuál había sido mejor '
               'caballero: Palmerín de Ingalaterra o Amadís de Gaula; mas maese Nicolás, barbero '
               'del mesmo pueblo, decía que ninguno llegaba al Caballero del Febo, y que si alguno '
               'se le podía comparar, era don Galaor, hermano de Amadís de Gaula, porque tenía muy '
               'acomodada condición para todo; que no era caballero melindroso, ni tan llorón como '
               'su hermano, y que en lo de la valentía no le iba en zaga.'],
 'quijote_8': ['En esto, descubrieron treinta o cuarenta molinos de viento que hay en aquel campo; '
               'y, así como don Quijote los vio, dijo a su escudero:',
               '-La ventura va guiando nuestras cosas mejor de lo que acertáramos a desear, porque '
               'ves allí, amigo Sancho Panza, donde se descubren treinta, o pocos más, desaforados '
               'gigantes, con quien pienso hacer batalla y quitarles a todos las vidas, con cuyos '
               'despojos comenzaremos a enriquecer; que ésta es buena guerra, y es gran servicio '
               'de Dios quitar tan mala simiente de sobre la faz de la tierra.',
               '-¿Qué gigantes? -dijo Sancho Panza.',
               '-Aquellos que allí ves -respondió su amo- de los brazos largos, que los suelen '
               'tener algunos de casi dos leguas.',
               '-Mire vuestra merced -respondió Sancho- que aquellos que allí se parecen no son '
               'gigantes, sino molinos de viento, y lo que en ellos parecen brazos son las aspas, '
               'que, volteadas del viento, hacen andar la piedra del molino.',
               '-Bien parece -respondió don Quijote- que no estás cursado en esto de las '
               'aventuras: ellos son gigantes; y si tienes miedo, quítate de ahí, y ponte en '
               'oración en el espacio que yo voy a entrar con ellos en fiera y desigual batalla.',
               'Y, diciendo esto, dio de espuelas a su caballo Rocinante, sin atender a las voces '
               'que su escudero Sancho le daba, advirtiéndole que, sin duda alguna, eran molinos '
               'de viento, y no gigantes, aquellos que iba a acometer. Pero él iba tan puesto en '
               'que eran gigantes, que ni oía las voces de su escudero Sancho ni echaba de ver, '
               'aunque estaba ya bien cerca, lo que eran; antes, iba diciendo en voces altas:',
               '-Non fuyades, cobardes y viles criaturas, que un solo caballero es el que os '
               'acomete.',
               'Levantóse en esto un poco de viento y las grandes aspas comenzaron a moverse, lo '
               'cual visto por don Quijote, dijo:',
               '-Pues, aunque mováis más brazos que los del gigante Briareo, me lo habéis de '
               'pagar.'],
 'sense_1': ['OF THE ORIGIN AND DESIGN OF GOVERNMENT IN GENERAL, WITH CONCISE REMARKS ON THE '
             'ENGLISH CONSTITUTION.',
             'Some writers have so confounded society with government, as to leave little or no '
             'distinction between them; whereas they are not only different, but have different '
             'origins. Society is produced by our wants, and government by our wickedness; the '
             'former promotes our happiness positively by uniting our affections, the latter '
             'negatively by restraining our vices. The one encourages intercourse, the other '
             'creates distinctions. The first a patron, the last a punisher.',
             'Society in every state is a blessing, but government even in its best state is but a '
             'necessary evil; in its worst state an intolerable one; for when we suffer, or are '
             'exposed to the same miseries by a government, which we might expect in a country '
             'without government, our calamity is heightened by reflecting that we furnish the '
             'means by which we suffer. Government, like dress, is the badge of lost innocence; '
             'the palaces of kings are built on the ruins of the bowers of paradise. For were the '
             'impulses of conscience clear, uniform, and irresistibly obeyed, man would need no '
             'other lawgiver; but that not being the case, he finds it necessary to surrender up a '
             'part of his property to furnish means for the protection of the rest; and this he is '
             'induced to do by the same prudence which in every other case advises him out of two '
             'evils to choose the least. Wherefore, security being the true design and end of '
             'government, it unanswerably follows that whatever form thereof appears most likely '
             'to ensure it to us, with the least expence and greatest benefit, is preferable to '
             'all others.',
             'In order to gain a clear and just idea of the design and end of government, let us '
             'suppose a small number of persons settled in some sequestered part of the earth, '
             'unconnected with the rest, they will then represent the first peopling of any '
             'country, or of the world. In this state of natural liberty, society will be their '
             'first thought. A thousand motives will excite them thereto, the strength of one man '
             'is so unequal to his wants, and his mind so unfitted for perpetual solitude, that he '
             'is soon obliged to seek assistance and relief of another, who in his turn requires '
             'the same. Four or five united would be able to raise a tolerable dwelling in the '
             'midst of a wilderness, but one man might labour out of the common period of life '
             'without accomplishing any thing; when he had felled his timber he could not remove '
             'it, nor erect it after it was removed; hunger in the mean time would urge him from '
             'his work, and every different want call him a different way. Disease, nay even '
             'misfortune would be death, for though neither might be mortal, yet either would '
             'disable him from living, and reduce him to a state in which he might rather be said '
             'to perish than to die.',
             'Thus necessity, like a gravitating power, would soon form our newly arrived '
             'emigrants into society, the reciprocal blessings of which, would supersede, and '
             'render the obligations of law and government unnecessary while they remained '
             'perfectly just to each other; but as nothing but heaven is impregnable to vice, it '
             'will unavoidably happen, that in proportion as they surmount the first difficulties '
             'of emigration, which bound them together in a common cause, they will begin to relax '
             'in their duty and attachment to each other; and this remissness, will point out the '
             'necessity, of establishing some form of government to supply the defect of moral '
             'virtue.',
             'Some convenient tree will afford them a State-House, under the branches of which, '
             'the whole colony may assemble to deliberate on public matters. It is more than '
             'probable that their first laws will have the title only of Regulations, and be '
             'enforced by no other penalty than public disesteem. In this first parliament every '
             'man, by natural right, will have a seat.'],
 'sense_2': ['I know it is difficult to get over local or long standing prejudices, yet if we will '
             'suffer ourselves to examine the component parts of the English constitution, we '
             'shall find them to be the base remains of two ancient tyrannies, compounded with '
             'some new republican materials.',
             'First.—The remains of monarchical tyranny in the person of the king.',
             'Secondly.—The remains of aristocratical tyranny in the persons of the peers.',
             'Thirdly.—The new republican materials, in the persons of the commons, on whose '
             'virtue depends the freedom of England.'],
 'two_ch1': ['Book the First—Recalled to Life',
             'I. The Period',
             'It was the best of times, it was the worst of times, it was the age of wisdom, it '
             'was the age of foolishness, it was the epoch of belief, it was the epoch of '
             'incredulity, it was the season of Light, it was the season of Darkness, it was the '
             'spring of hope, it was the winter of despair, we had everything before us, we had '
             'nothing before us, we were all going direct to Heaven, we were all going direct the '
             'other way— in short, the period was so far like the present period, that some of its '
             'noisiest authorities insisted on its being received, for good or for evil, in the '
             'superlative degree of comparison only.',
             'There were a king with a large jaw and a queen with a plain face, on the throne of '
             'England; there were a king with a large jaw and a queen with a fair face, on the '
             'throne of France. In both countries it was clearer than crystal to the lords of the '
             'State preserves of loaves and fishes, that things in general were settled for ever.',
             'It was the year of Our Lord one thousand seven hundred and seventy-five. Spiritual '
             'revelations were conceded to England at that favoured period, as at this. Mrs. '
             'Southcott had recently attained her five-and-twentieth blessed birthday, of whom a '
             'prophetic private in the Life Guards had heralded the sublime appearance by '
             'announcing that arrangements were made for the swallowing up of London and '
             'Westminster. Even the Cock-lane ghost had been laid only a round dozen of years, '
             'after rapping out its messages, as the spirits of this very year last past '
             '(supernaturally deficient in originality) rapped out theirs. Mere messages in the '
             'earthly order of events had lately come to the English Crown and People, from a '
             'congress of British subjects in America: which, strange to relate, have proved more '
             'important to the human race than any communications yet received through any of the '
             'chickens of the Cock-lane brood.'],
 'two_ch2': ['II. The Mail',
             'It was the Dover road that lay, on a Friday night late in November, before the first '
             'of the persons with whom this history has business. The Dover road lay, as to him, '
             "beyond the Dover mail, as it lumbered up Shooter's Hill. He walked up hill in the "
             'mire by the side of the mail, as the rest of the passengers did; not because they '
             'had the least relish for walking exercise, under the circumstances, but because the '
             'hill, and the harness, and the mud, and the mail, were all so heavy, that the horses '
             'had three times already come to a stop, besides once drawing the coach across the '
             'road, with the mutinous intent of taking it back to Blackheath. Reins and whip and '
             'coachman and guard, however, in combination, had read that article of war which '
             'forbade a purpose otherwise strongly in favour of the argument, that some brute '
             'animals are endued with Reason; and the team had capitulated and returned to their '
             'duty.',
             'With drooping heads and tremulous tails, they mashed their way through the thick '
             'mud, floundering and stumbling between whiles, as if they were falling to pieces at '
             'the larger joints. As often as the driver rested them and brought them to a stand, '
             'with a wary “Wo-ho! so-ho-then!” the near leader violently shook his head and '
             'everything upon it—like an unusually emphatic horse, denying that the coach could be '
             'got up the hill. Whenever the leader made this rattle, the passenger started, as a '
             'nervous passenger might, and was disturbed in mind.'],
 'two_ch3': ['III. The Night Shadows',
             'A wonderful fact to reflect upon, that every human creature is constituted to be '
             'that profound secret and mystery to every other. A solemn consideration, when I '
             'enter a great city by night, that every one of those darkly clustered houses '
             'encloses its own secret; that every room in every one of them encloses its own '
             'secret; that every beating heart in the hundreds of thousands of breasts there, is, '
             'in some of its imaginings, a secret to the heart nearest it! Something of the '
             'awfulness, even of Death itself, is referable to this. No more can I turn the leaves '
             'of this dear book that I loved, and vainly hope in time to read it all. No more can '
             'I look into the depths of this unfathomable water, wherein, as momentary lights '
             'glanced into it, I have had glimpses of buried treasure and other things submerged. '
             'It was appointed that the book should shut with a spring, for ever and for ever, '
             'when I had read but a page. It was appointed that the water should be locked in an '
             'eternal frost, when the light was playing on its surface, and I stood in ignorance '
             'on the shore. My friend is dead, my neighbour is dead, my love, the darling of my '
             'soul, is dead; it is the inexorable consolidation and perpetuation of the secret '
             "that was always in that individuality, and which I shall carry in mine to my life's "
             'end. In any of the burial-places of this city through which I pass, is there a '
             'sleeper more inscrutable than its busy inhabitants are, in their innermost '
             'personality, to me, or than I am to them?'],
 'verne_1': ['I',
             "DANS LEQUEL PHILEAS FOGG ET PASSEPARTOUT S'ACCEPTENT RÉCIPROQUEMENT L'UN COMME "
             "MAÎTRE, L'AUTRE COMME DOMESTIQUE",
             "En l'année 1872, la maison portant le numéro 7 de Saville-row, Burlington "
             'Gardens—maison dans laquelle Sheridan mourut en 1814—, était habitée par Phileas '
             "Fogg, esq., l'un des membres les plus singuliers et les plus remarqués du "
             "Reform-Club de Londres, bien qu'il semblât prendre à tâche de ne rien faire qui pût "
             "attirer l'attention.",
             "À l'un des plus grands orateurs qui honorent l'Angleterre, succédait donc ce Phileas "
             "Fogg, personnage énigmatique, dont on ne savait rien, sinon que c'était un fort "
             "galant homme et l'un des plus beaux gentlemen de la haute société anglaise.",
             "On disait qu'il ressemblait à Byron—par la tête, car il était irréprochable quant "
             'aux pieds—, mais un Byron à moustaches et à favoris, un Byron impassible, qui aurait '
             'vécu mille ans sans vieillir.',
             "Anglais, à coup sûr, Phileas Fogg n'était peut-être pas Londonner. On ne l'avait "
             'jamais vu ni à la Bourse, ni à la Banque, ni dans aucun des comptoirs de la Cité. Ni '
             "les bassins ni les docks de Londres n'avaient jamais reçu un navire ayant pour "
             "armateur Phileas Fogg. Ce gentleman ne figurait dans aucun comité d'administration. "
             "Son nom n'avait jamais retenti dans un collège d'avocats, ni au Temple, ni à "
             "Lincoln's-inn, ni à Gray's-inn. Jamais il ne plaida ni à la Cour du chancelier, ni "
             "au Banc de la Reine, ni à l'Échiquier, ni en Cour ecclésiastique. Il n'était ni "
             'industriel, ni négociant, ni marchand, ni agriculteur. Il ne faisait partie ni de '
             "l'_Institution royale de la Grande-Bretagne_, ni de l'_Institution de Londres_, ni "
             "de l'_Institution des Artisans_, ni de l'_Institution Russell_, ni de l'_Institution "
             "littéraire de l'Ouest_, ni de l'_Institution du Droit_, ni de cette _Institution des "
             'Arts et des Sciences réunis_, qui est placée sous le patronage direct de Sa '
             "Gracieuse Majesté. Il n'appartenait enfin à aucune des nombreuses sociétés qui "
             "pullulent dans la capitale de l'Angleterre, depuis la _Société de l'Armonica_ "
             "jusqu'à la _Société entomologique_, fondée principalement dans le but de détruire "
             'les insectes nuisibles.',
             'Phileas Fogg était membre du Reform-Club, et voilà tout.'],
 'verne_2': ['Ce Phileas Fogg était-il riche? Incontestablement. Mais comment il avait fait '
             "fortune, c'est ce que les mieux informés ne pouvaient dire, et Mr. Fogg était le "
             "dernier auquel il convînt de s'adresser pour l'apprendre. En tout cas, il n'était "
             'prodigue de rien, mais non avare, car partout où il manquait un appoint pour une '
             "chose noble, utile ou généreuse, il l'apportait silencieusement et même anonymement.",
             'En somme, rien de moins communicatif que ce gentleman. Il parlait aussi peu que '
             "possible, et semblait d'autant plus mystérieux qu'il était silencieux. Cependant sa "
             "vie était à jour, mais ce qu'il faisait était si mathématiquement toujours la même "
             "chose, que l'imagination, mécontente, cherchait au-delà.",
             "Avait-il voyagé? C'était probable, car personne ne possédait mieux que lui la carte "
             "du monde. Il n'était endroit si reculé dont il ne parût avoir une connaissance "
             'spéciale. Quelquefois, mais en peu de mots, brefs et clairs, il redressait les mille '
             'propos qui circulaient dans le club au sujet des voyageurs perdus ou égarés; il '
             "indiquait les vraies probabilités, et ses paroles s'étaient trouvées souvent comme "
             "inspirées par une seconde vue, tant l'événement finissait toujours par les "
             "justifier. C'était un homme qui avait dû voyager partout,—en esprit, tout au moins.",
             "Ce qui était certain toutefois, c'est que, depuis de longues années, Phileas Fogg "
             "n'avait pas quitté Londres. Ceux qui avaient l'honneur de le connaître un peu plus "
             "que les autres attestaient que—si ce n'est sur ce chemin direct qu'il parcourait "
             "chaque jour pour venir de sa maison au club—personne ne pouvait prétendre l'avoir "
             'jamais vu ailleurs. Son seul passe-temps était de lire les journaux et de jouer au '
             'whist. À ce jeu du silence, si bien approprié à sa nature, il gagnait souvent, mais '
             "ses gains n'entraient jamais dans sa bourse et figuraient pour une somme importante "
             "à son budget de charité. D'ailleurs, il faut le remarquer, Mr. Fogg jouait "
             'évidemment pour jouer, non pour gagner. Le jeu était pour lui un combat, une lutte '
             'contre une difficulté, mais une lutte sans mouvement, sans déplacement, sans '
             'fatigue, et cela allait à son caractère.']}
