// apidex: the only script the pages load. Everything works without it; it adds copy buttons
// and opens the folded filters where the screen is wide enough to show them beside the results.
(function () {
  'use strict';
  var buttons = document.querySelectorAll('button[data-copy]');
  for (var i = 0; i < buttons.length; i += 1) {
    var button = buttons[i];
    var target = document.getElementById(button.getAttribute('data-copy'));
    if (!target || !navigator.clipboard) continue;
    button.hidden = false;
    button.addEventListener('click', function (event) {
      var self = event.currentTarget;
      var source = document.getElementById(self.getAttribute('data-copy'));
      var status = document.getElementById(self.getAttribute('data-copy') + '-status');
      navigator.clipboard.writeText(source.textContent.trim()).then(
        function () { self.textContent = 'Copied'; if (status) status.textContent = (self.getAttribute('data-copy-label') || 'The install command') + ' is copied to the clipboard.'; },
        function () { self.textContent = 'Copy failed'; if (status) status.textContent = 'Could not copy; select the text and copy it.'; }
      );
      setTimeout(function () { self.textContent = 'Copy'; }, 2000);
    });
  }
  if (window.matchMedia && window.matchMedia('(min-width: 900px)').matches) {
    var folded = document.querySelectorAll('details[data-filters]');
    for (var j = 0; j < folded.length; j += 1) folded[j].open = true;
  }
})();
