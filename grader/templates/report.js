// Sort and filter the students table. Every value comes from the rows' data-*
// attributes (escaped by the template): no student text is ever evaluated.
(function () {
  var table = document.getElementById("students");
  if (!table) { return; }
  var search = document.getElementById("filter-text");
  var status = document.getElementById("filter-status");
  var shown = document.getElementById("shown");
  var rows = function () { return Array.prototype.slice.call(table.tBodies); };

  function value(body, key, numeric) {
    var raw = body.getAttribute("data-" + key);
    if (!numeric) { return (raw || "").toLowerCase(); }
    return raw === null || raw === "" ? -Infinity : parseFloat(raw);
  }

  function sortBy(header) {
    var key = header.getAttribute("data-key");
    var numeric = header.hasAttribute("data-numeric");
    var ascending = header.getAttribute("aria-sort") !== "ascending";
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (cell) {
      cell.removeAttribute("aria-sort");
    });
    header.setAttribute("aria-sort", ascending ? "ascending" : "descending");
    var sorted = rows().sort(function (a, b) {
      var x = value(a, key, numeric), y = value(b, key, numeric);
      var order = x < y ? -1 : x > y ? 1 : 0;
      if (order === 0) { order = value(a, "id") < value(b, "id") ? -1 : 1; }
      return ascending ? order : -order;
    });
    sorted.forEach(function (body) { table.appendChild(body); });
  }

  function filter() {
    var words = search.value.toLowerCase().trim();
    var wanted = status.value;
    var count = 0;
    rows().forEach(function (body) {
      var text = value(body, "id") + " " + value(body, "name") + " " + value(body, "reason");
      var visible = (!words || text.indexOf(words) !== -1) &&
        (!wanted || body.getAttribute("data-status") === wanted);
      body.hidden = !visible;
      if (visible) { count += 1; }
    });
    shown.textContent = count;
  }

  Array.prototype.forEach.call(table.querySelectorAll("th.sortable"), function (header) {
    header.addEventListener("click", function () { sortBy(header); });
  });
  rows().forEach(function (body) {
    var row = body.rows[0], detail = body.rows[1];
    if (!detail) { return; }
    var opener = row.querySelector("button.id");
    row.addEventListener("click", function () {
      detail.hidden = !detail.hidden;
      opener.setAttribute("aria-expanded", String(!detail.hidden));
    });
  });
  search.addEventListener("input", filter);
  status.addEventListener("change", filter);
  filter();
}());
